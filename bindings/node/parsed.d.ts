/// <reference types="node" />
// The shapes of the values `parse` and the catalogues return: the Rust core's serde
// JSON (crates/cobro: payin/response.rs, voucher.rs, qr.rs, markup.rs, notification.rs,
// catalog.rs; subscription/response.rs, webhook.rs; virtual_account/response.rs,
// notification.rs, catalog.rs). Written by hand because napi cannot generate them from
// serde types; the generated index.d.ts names them with import('./parsed').
//
// Two differences from the core's JSON, both made by the binding for every value:
// - Integers the core holds in 64 bits (ids, codes, display orders: the fields typed
//   `Int64Text` below) are decimal strings, exact beyond 2^53 and kept by
//   JSON.stringify. Compare with `'5'`, or convert with `Number(x)` / `BigInt(x)`.
//   Smaller integers (a date's year and time) are numbers.
// - The QR image is a Buffer of the PNG bytes (Base64 text in the core's JSON).
// Keys are the core's snake_case names; `null` is an absent optional value. The objects
// of records with personal fields print those fields as [REDACTED] in util.inspect
// (non-enumerable inspect hook); their values are whole (README "Parsed values and
// TypeScript").

/** A 64-bit integer of the core as its decimal text (`"5"`, `"9007199254740993"`). */
export type Int64Text = string

/** The name of each document `parse` reads. */
export type DocumentName =
  | 'virtual-account-response'
  | 'subscription-response'
  | 'payin-response'
  | 'payin-notification'
  | 'subscription-webhook'
  | 'deposit-notification'

/** What a code asks of the merchant. */
export type Disposition = 'success' | 'merchant_fix' | 'retry' | 'pending' | 'declined'

/** One entry of a code catalogue. */
export interface CodeInfo {
  /** The code as the service writes it (`0010`, `B405`, `ERR_INVALID_SIGNATURE`). */
  code: string
  /** What it means, in English. */
  meaning: string
  /** What it asks of the merchant. */
  disposition: Disposition
}

/** A subscription operation (spec 4.2, 4.3). */
export type SubscriptionOperation = 'create' | 'cancel'

/** Spec 7.2: a subscription error code, with the operations that can answer it. */
export interface SubscriptionCode extends CodeInfo {
  /** Where the spec says it can occur. */
  operations: SubscriptionOperation[]
}

/** One pay-in state (payinStateID). Key on the id, not on the wire description. */
export interface PayinState {
  /** payinStateID. */
  id: Int64Text
  /** The provider's Spanish name (`Autorizado`). */
  name: string
  /** An English name (`paid`). */
  name_en: string
  /** What the state means for the merchant. */
  meaning: string
  /** Whether the money was received and is kept (5 and 9 only): ship the goods on `paid`. */
  paid: boolean
  /** Whether the state can no longer change. */
  is_final: boolean
}

// ---- pay-in answer (spec 2.8, 4.4, 7.3) ----

/** One instruction value in three forms. */
export interface Markup {
  /** The value exactly as received: may hold markup; never insert it into a page as HTML. */
  raw: string
  /** Plain text: tags dropped, entities decoded, line breaks for `<br>` and block ends. */
  text: string
  /** Sanitized HTML, safe to insert into a page. */
  html: string
}

/** A voucher's expiry (`YYYY-MM-DD HH:MM:SS`, wall-clock time as the service wrote it). */
export interface VoucherExpiration {
  /** The value as received, for display. */
  text: string
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The fields of `experienceVoucher` a shopper needs to pay. */
export interface VoucherInfo {
  /** `paymentCode`: the code the shopper pays with (null in QR). */
  payment_code: string | null
  /** `status`: `PENDIENTE_PAGO`, `PENDING_PAYMENT`, or another value as received. */
  status: 'PENDIENTE_PAGO' | 'PENDING_PAYMENT' | (string & {})
  /** `expiration`. */
  expiration: VoucherExpiration
  /** `merchant`: the name shown on the voucher. */
  merchant: string | null
  /** `amount` as received (at most two decimals). */
  amount: string
  /** `currencyCode` (e.g. `PEN`). */
  currency_code: string
  /** `currencyISO`: the currency symbol (e.g. `S/`). */
  currency_iso: string | null
  /** `operationNumber`: the service's operation number; not to be shown to the shopper. */
  operation_number: string | null
}

/** A color as received, and its `#RRGGBB` form when valid. */
export interface HexColor {
  raw: string
  /** `#RRGGBB` in upper case, or null when `raw` is not a CSS hex color. */
  rgb: string | null
}

/** One instruction step. */
export interface Instruction {
  /** Display order; null when absent (listed last). */
  order: Int64Text | null
  value: Markup
}

/** The instructions of one payment method for an entry. */
export interface MethodInstructions {
  method: string
  /** Sorted by `order`. */
  instructions: Instruction[]
}

/** One bank, agent or wallet of a voucher. */
export interface VoucherEntry {
  /** `bankCode` (a number is kept as its text). */
  bank_code: string
  /** `nroOrder`: display order; null when absent (listed last). */
  nro_order: Int64Text | null
  hex_color: HexColor | null
  payment_method_instructions: MethodInstructions[]
}

/** The decoded voucherConfig of a bank-transfer, cash or wallet voucher. */
export interface VoucherConfig {
  /** True when voucherConfig had been JSON-encoded twice (accepted, flagged). */
  double_encoded: boolean
  /** The entries, sorted by `nroOrder`. */
  entries: VoucherEntry[]
  /** Method names, in wire order. */
  instruction_payment_methods: string[]
}

/** A bank whose app reads the QR. */
export interface QrBank {
  bank_code: string
  nro_order: Int64Text | null
}

/** The decoded voucherConfig of a QR voucher. */
export interface QrConfig {
  double_encoded: boolean
  /** Sorted by `nroOrder`. */
  banks: QrBank[]
}

/** QR instructions for one device. */
export interface DeviceInstructions {
  /** `DESKTOP`, `MOBILE`, or another value as received. */
  code: 'DESKTOP' | 'MOBILE' | (string & {})
  instructions: Markup[]
}

/** One element of `generalInstructions` (QR). */
export interface GeneralInstruction {
  method: string
  devices: DeviceInstructions[]
}

/** One element of `experienceVoucher.deepLinks` (deeplink method). */
export interface BankDeepLink {
  processor: string
  collector_id: string
  deep_link: string
  order: Int64Text | null
}

/** One element of the top-level `deepLinks` (one-shot wallet). */
export interface WalletDeepLink {
  processor: string
  /** `processoCode` on the wire. */
  processor_code: string
  deep_link: string
  order: Int64Text | null
}

/** Redirect the shopper to `url`; wait for the notification before shipping. */
export interface RedirectExperience {
  kind: 'redirect'
  url: string
}

/** Peru bank transfer, cash or wallet: show a voucher. */
export interface VoucherExperience {
  kind: 'voucher'
  /** Which list voucherConfig held: bankList, CashList or WalletList. */
  family: 'BankTransfer' | 'Cash' | 'Wallet'
  voucher: VoucherInfo
  config: VoucherConfig
}

/** QR: show the image (single use). */
export interface QrExperience {
  kind: 'qr'
  voucher: VoucherInfo
  config: QrConfig
  general_instructions: GeneralInstruction[]
  /** The PNG bytes of `qrCode` (signature checked). */
  qr_png: Buffer
}

/** BankTransfer_Deeplink: one link per bank or provider. */
export interface DeeplinkMethodExperience {
  kind: 'deeplink_method'
  voucher: VoucherInfo
  /** Sorted by `order`. */
  deep_links: BankDeepLink[]
}

/** Wallet_one_shot: redirect on MOBILE, instructions on WEB. */
export interface WalletOneShotExperience {
  kind: 'wallet_one_shot'
  deep_links: WalletDeepLink[]
}

/** Wallet_on_file: codes only; the result comes by notification. */
export interface WalletOnFileExperience {
  kind: 'wallet_on_file'
}

/** payinErrorCode is not `0000`: nothing to show. */
export interface FailedExperience {
  kind: 'failed'
}

/** What to show the shopper; switch on `kind`. */
export type Experience =
  | RedirectExperience
  | VoucherExperience
  | QrExperience
  | DeeplinkMethodExperience
  | WalletOneShotExperience
  | WalletOnFileExperience
  | FailedExperience

/** The answer to a pay-in creation. */
export interface PayinResponse {
  /** `payinErrorCode` is `0000`. */
  success: boolean
  /** `payinErrorCode` as received. */
  error_code: string
  /** The creation-code catalogue's entry, or null for an unknown code. */
  meaning: CodeInfo | null
  /** `payinErrorMessage`, for logs. */
  error_message: string | null
  /** `payinTrxOperation`: the service's id of the transaction. */
  trx_operation: string | null
  /** `url` as received. */
  url: string | null
  experience: Experience
}

// ---- pay-in notification ----

/** errorDetails of a payment notification. */
export interface PaymentErrorDetails {
  /** codeErrorTrx, as text; null when absent (DESIGN.md 9 row 31). */
  code_error_trx: string | null
  message_error_trx: string | null
  /** The payment-confirmation catalogue's entry, or null. */
  confirmation: CodeInfo | null
}

/**
 * A pay-in payment notification (verify it with `verifyPayinNotification`). The fields
 * typed without `| null` are the required ones (DESIGN.md 9 row 31).
 */
export interface PayinNotification {
  /** payinStateID. */
  payin_state_id: Int64Text
  /** payinState as received (varies in case and wording: key on the id). */
  payin_state: string | null
  /** The catalogue's entry for payinStateID, or null. */
  state: PayinState | null
  /** payinStatusErrorCode (reserved, not to be evaluated). */
  payin_status_error_code: string | null
  payin_status_error_message: string | null
  /** payinMerchantID as text, exactly as received. */
  payin_merchant_id: string
  /** payinAmount exactly as received (`"30.0"`). */
  payin_amount: string
  /** The amount with exactly two decimals, or null when it is not an amount. */
  payin_amount_two_decimals: string | null
  payin_currency: string
  payin_merchant_operation_number: string
  payin_method: string | null
  /** payinVerification as received (hex SHA-512). */
  payin_verification: string | null
  /** additionalInformation: each element as its compact JSON text. */
  additional_information: string[] | null
  error_details: PaymentErrorDetails | null
}

// ---- subscriptions (spec 2.3, 7.2) ----

/** A subscription's status: an open set. */
export type SubscriptionStatus =
  | 'PENDING'
  | 'EXPIRED'
  | 'AUTHORIZED'
  | 'FAILED'
  | 'CANCELLED'
  | 'DENIED'
  | (string & {})

/** Spec 2.3 / 4.2: the subscription was created. */
export interface SubscriptionCreated {
  outcome: 'created'
  subscription_id: Int64Text
  status: SubscriptionStatus
  /** The URL the customer opens to authorize (MOBILE); null on WEB. */
  deep_link: string | null
}

/** Spec 2.3 / 4.3: the subscription was cancelled. */
export interface SubscriptionCancelled {
  outcome: 'cancelled'
  subscription_id: Int64Text
  status: SubscriptionStatus
}

/** Spec 7.2: one element of `errorFieldDetails`. */
export interface SubscriptionFieldDetail {
  field: string
  error_message: string
}

/** Spec 7.2: the service refused the request. */
export interface SubscriptionRefused {
  outcome: 'error'
  error_code: string | null
  error_message: string
  error_field_details: SubscriptionFieldDetail[]
  /** The code's spec 7.2 entry, or null. */
  meaning: SubscriptionCode | null
}

/** The answer to a subscription request; switch on `outcome`. */
export type SubscriptionAnswer = SubscriptionCreated | SubscriptionCancelled | SubscriptionRefused

/** errorDetails of a subscription webhook. */
export interface WebhookError {
  code: string | null
  message: string | null
  meaning: SubscriptionCode | null
}

/**
 * A subscription webhook notification. Only `subscription_id` is required (DESIGN.md 9
 * row 31): every other field is null (`metadata` empty) when absent.
 */
export interface SubscriptionWebhook {
  subscription_id: Int64Text
  charge_type: string | null
  customer_id: string | null
  origin_type: string | null
  status: SubscriptionStatus | null
  status_description: string | null
  error_details: WebhookError | null
  /** The creation metadata, in wire order. */
  metadata: WebhookMetadata[]
  /** errorDetails present, or status FAILED or DENIED. */
  is_error: boolean
}

/** One entry of a subscription webhook's metadata, as received (either may be absent). */
export interface WebhookMetadata {
  key: string | null
  value: string | null
}

// ---- virtual accounts (spec 2.2, 7.1) ----

/** The echoed owner. */
export interface OwnerEcho {
  reference_id: string | null
  type: string | null
  document_type: string | null
  document_number: string | null
  first_name: string | null
  last_name: string | null
  company_name: string | null
  email: string | null
  phone_country_code: string | null
  phone_number: string | null
}

/** The echoed account, with the created number. */
export interface AccountEcho {
  number: string
  category: string | null
  type: string | null
  name: string | null
  country: string | null
  currency: string | null
}

/** Spec 2.2: the created account. */
export interface VirtualAccountCreated {
  outcome: 'account'
  id: string
  trace_id: string
  timestamp: string
  /** ACTIVE, INACTIVE, DELETED or another value as received. */
  status: 'ACTIVE' | 'INACTIVE' | 'DELETED' | (string & {})
  owner: OwnerEcho | null
  account: AccountEcho
  metadata: MetadataEntry[] | null
  result_url: string | null
}

/** One metadata entry echoed by a created virtual account. */
export interface MetadataEntry {
  key: string
  value: string
}

/** Spec 7.1: one element of `error.details`. */
export interface VirtualAccountErrorDetail {
  code: string
  message: string
  field: string | null
  /** The virtual-account catalogue's entry, or null. */
  meaning: CodeInfo | null
}

/** Spec 7.1: the service refused the request. */
export interface VirtualAccountRefused {
  outcome: 'error'
  /** `error.type`: an open set. */
  type:
    | 'validation_error'
    | 'authentication_error'
    | 'conflict_error'
    | 'provider_error'
    | 'internal_error'
    | (string & {})
  summary: string
  details: VirtualAccountErrorDetail[]
  timestamp: string
  trace_id: string
}

/** The answer to a virtual-account creation; switch on `outcome`. */
export type VirtualAccountAnswer = VirtualAccountCreated | VirtualAccountRefused

/**
 * A deposit into a virtual account. `operation_id`, `amount`, `currency` and
 * `status.code` are required (DESIGN.md 9 row 31): every other field is null (`errors`
 * empty) when absent.
 */
export interface DepositNotification {
  version: string | null
  operation_id: string
  status: DepositStatus
  merchant_id: string | null
  /** A decimal text, as received. */
  amount: string
  currency: string
  payin_method: string | null
  deposit_details: DepositDetails | null
  /** Each element as its JSON text. */
  errors: string[]
  received_at: string | null
}

/** A deposit notification's `status`. */
export interface DepositStatus {
  /** `status.code`: 5 approved, 6 denied. */
  code: Int64Text
  description: string | null
  /** Code 5. */
  approved: boolean
}

/** A deposit notification's `depositDetails`: the account, its owner, who paid. */
export interface DepositDetails {
  account: DepositAccount | null
  owner: DepositOwner | null
  depositor: Depositor | null
}

/** The virtual account the deposit went into. */
export interface DepositAccount {
  id: string | null
  category: string | null
  type: string | null
  number: string | null
  name: string | null
}

/** The virtual account's owner. */
export interface DepositOwner {
  full_name: string | null
  document_type: string | null
  document_number: string | null
  reference_id: string | null
}

/** Who made the deposit. */
export interface Depositor {
  full_name: string | null
  document_type: string | null
  document_number: string | null
}

/** The value `parse` returns for each document name. */
export interface ParsedByName {
  'virtual-account-response': VirtualAccountAnswer
  'subscription-response': SubscriptionAnswer
  'payin-response': PayinResponse
  'payin-notification': PayinNotification
  'subscription-webhook': SubscriptionWebhook
  'deposit-notification': DepositNotification
}

/** Any parsed document. */
export type ParsedDocument = ParsedByName[DocumentName]
