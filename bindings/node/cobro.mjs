// The ESM entry point: the same object as the CommonJS one (cobro.js), as the default
// export and as named exports (__test__/types.test.js checks that the two lists agree).
import cobro from './cobro.js'
export default cobro
export const {
  validate, payinVerification, subscriptionAuthorization, virtualAccountMessage, virtualAccountSignature,
  virtualAccountHeaders, verifyVirtualAccountHeaders, verifyPayinNotification,
  prepareVirtualAccount, prepareSubscription, prepareSubscriptionCancel, preparePayin,
  parse, parseVirtualAccountResponse, parseSubscriptionResponse, parsePayinResponse,
  parsePayinNotification, parseSubscriptionWebhook, parseDepositNotification,
  payinCreationCode, paymentConfirmationCode, payinState, subscriptionErrorCode,
  virtualAccountErrorCode, documents, __napiBindingTarget,
  CobroError, ValidationError, SigningError, ParseError, VerificationError, DocumentError,
} = cobro
