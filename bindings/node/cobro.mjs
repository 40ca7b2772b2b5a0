import cobro from './cobro.js'
export default cobro
export const {
  validate, payinVerification, subscriptionAuthorization, virtualAccountSignature,
  virtualAccountHeaders, verifyVirtualAccountHeaders, prepareVirtualAccount,
  prepareSubscription, prepareSubscriptionCancel, preparePayin,
  CobroError, ValidationError, SigningError, ParseError, VerificationError, DocumentError,
} = cobro
