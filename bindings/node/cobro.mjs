// The ESM entry point: the same object as the CommonJS one (cobro.js), as the default
// export and as named exports (__test__/types.test.js checks that the two lists agree).
import cobro from './cobro.js'
export default cobro
export const {
  validate, ensureValid, payinVerification, subscriptionAuthorization, virtualAccountMessage, virtualAccountSignature,
  virtualAccountHeaders, verifyVirtualAccountHeaders, verifyPayinNotification,
  prepareVirtualAccount, prepareSubscription, prepareSubscriptionCancel, preparePayin, preparePayinStatus, receiveNotification, retryAdvice,
  parse, parseVirtualAccountResponse, parseSubscriptionResponse, parsePayinResponse,
  parsePayinNotification, parseSubscriptionWebhook, parseDepositNotification, parsePayinStatus,
  payinCreationCode, paymentConfirmationCode, payinState, subscriptionErrorCode,
  virtualAccountErrorCode, payinCreationCodes, paymentConfirmationCodes, payinStates,
  subscriptionErrorCodes, virtualAccountErrorCodes, canCancel, mayRequestSubscription, mayCharge,
  payinStateIsFinal, nextStates, payinTransition, virtualAccountTransition, documents, codes, schema, openapi, mock,
  CobroError, ValidationError, SigningError, ParseError, VerificationError, DocumentError,
} = cobro
