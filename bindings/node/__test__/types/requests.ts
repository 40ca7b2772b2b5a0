// A TypeScript consumer of the typed requests (requests.d.ts, exported by cobro.d.ts),
// checked with `tsc --noEmit -p __test__/types` in strict mode by scripts/test: typed
// bodies go to validate and the prepare functions, a report's codes are IssueCode, and
// each `@ts-expect-error` line is a mistake the types must refuse (were they to accept
// it, the unused directive would fail the check). Never run: nothing is sent.
import * as cobro from 'cobro'
import type {
  IssueCode,
  Owner,
  OwnerPhone,
  PayinStatusRequest,
  SubscriptionCancelRequest,
  SubscriptionDetails,
  SubscriptionRequest,
  UnsignedPayinRequest,
  VirtualAccountRequest,
} from 'cobro'

export const unsigned: UnsignedPayinRequest = {
  payinMerchantID: 1234,
  payinAmount: '150.50',
  payinCurrency: 'PEN',
  payinMerchantOperationNumber: 'ORDER-0001',
  payinMethod: 'BankTransfer',
  payinTransactionOKURL: 'https://shop.example.com/checkout/ok',
  payinTransactionErrorURL: 'https://shop.example.com/checkout/error',
  payinExpirationTime: 60,
  payinLanguage: 'es',
  payinCustomerEmail: 'ana.perez@example.com',
  payinCustomerName: 'Ana',
  payinCustomerLastName: 'Perez',
  payinCustomerTypeDocument: 'DNI',
  payinCustomerDocument: '12345678',
  payinCustomerPhone: '987654321',
  payinDiscountCoupon: '0',
  payinProductID: '1',
  payinProductDescription: 'Zapatillas de prueba',
  payinProductAmount: '150.50',
  payinProductSku: 'SKU-0001',
  payinProductQuantity: '1',
  URLMonnet: 'https://cert.example.com/api-payin/v3/online-payments',
}

const phone: OwnerPhone = { countryCode: '51', number: '987654321' }
const owner: Owner = {
  referenceId: 'user-0001',
  type: 'PERSON',
  document: { type: 'DNI', number: '12345678' },
  firstName: 'Ana',
  lastName: 'Perez',
  email: 'ana.perez@example.com',
  phone,
}
export const account: VirtualAccountRequest = {
  owner,
  account: { category: 'VIRTUAL', type: 'CCI', country: 'PER', currency: 'PEN', name: 'ana.perez' },
  metadata: { customerTier: 'gold' },
}
const details: SubscriptionDetails = {
  type: 'RECURRENT',
  device: 'MOBILE',
  customerId: '987654321',
  processorCode: 'Wallet_on_file',
  periodicity: '1',
  amount: 49.9,
}
export const subscription: SubscriptionRequest = { merchantId: 1234, subscriptionDetails: details }
export const cancel: SubscriptionCancelRequest = {
  merchantId: '1234',
  subscriptionDetails: { type: 'RECURRENT', customerId: '987654321', processorCode: 'Wallet_on_file' },
}
export const status: PayinStatusRequest = { payinMerchantOperationNumber: 'ORDER-0001' }

export function useThem(): string[] {
  const report = cobro.validate('virtual-account', account)
  const codes: IssueCode[] = report.errors.map((i) => i.code)
  const missing: IssueCode = 'ERR_MISSING_FIELD'
  if (codes.includes(missing)) return []
  return [
    cobro.preparePayin(unsigned, { key: 'fake-payin-key-for-examples' }).body,
    cobro.prepareVirtualAccount(account, { apiKey: 'k', secret: 's', depositMode: 'OWNER' }).body,
    cobro.prepareSubscription(subscription, { key: 'k' }).body,
    cobro.prepareSubscriptionCancel(cancel, { key: 'k' }).body,
  ]
}

// @ts-expect-error a misspelled key
export const misspelled: PayinStatusRequest = { payinMerchantOperationNumbr: 'ORDER-0001' }
// @ts-expect-error a number in a text field
export const numberInText: OwnerPhone = { countryCode: '51', number: 987654321 }
// @ts-expect-error a number in a free-text field of the pay-in (WARN_NUMBER_FOR_STRING)
export const operation: PayinStatusRequest = { payinMerchantOperationNumber: 1 }
// @ts-expect-error an amount of the subscription as text (the schema says a number)
export const amountText: SubscriptionDetails = { ...details, amount: '49.90' }
// @ts-expect-error a code no report carries
export const unknownCode: IssueCode = 'ERR_NO_SUCH_CODE'
// @ts-expect-error a required object left out
export const noOwner: VirtualAccountRequest = { account: account.account }
