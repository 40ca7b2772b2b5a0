import cobro from './cobro.js'
export default cobro
export const {
  validate, payinVerification, subscriptionAuthorization, virtualAccountSignature,
  virtualAccountHeaders, verifyVirtualAccountHeaders, verifyPayinNotification,
  prepareVirtualAccount, prepareSubscription, prepareSubscriptionCancel, preparePayin,
  parse, payinCreationCode, paymentConfirmationCode, payinState, subscriptionErrorCode,
  virtualAccountErrorCode, documents,
  CobroError, ValidationError, SigningError, ParseError, VerificationError, DocumentError,
} = cobro
