// The published types of the `cobro` package. The functions, their arguments and the
// report are generated from the Rust doc comments (index.d.ts); the error classes
// (errors.d.ts) and the shapes of parsed values (parsed.d.ts) are hand-written, since
// napi cannot generate them. Here only what napi cannot express: `parse` returning the
// type of the document named by its first argument, and `validate`, whose report the JS
// layer builds from the addon's packed report (the generated declaration says `string`).
//
// Bodies (`body` below and in every function of index.d.ts that takes one): JSON text,
// its bytes as a Buffer/Uint8Array or an ArrayBuffer (read through a Uint8Array over it),
// or a plain object written as JSON.stringify writes it. Other typed arrays and DataViews
// are a `TypeError` (their elements are not bytes of text). A string with a lone
// surrogate is not valid UTF-8: the report says ERR_INVALID_UTF8. NaN or an infinity in
// an object is ERR_INVALID_TYPE at its path (JSON cannot hold it). Options objects take
// only the keys their interface declares: any other key, or options that are not an
// object, is a `TypeError` naming the key.
import type { MockOptions, ParseOptions, Report, ValidateOptions } from './index'
import type { CatalogueCode } from './errors'
import type { DocumentName, ParsedByName } from './parsed'

export * from './index'
/** Not an export of the package: hides the generated loader's note of what it loaded. */
export type __napiBindingTarget = never
export * from './errors'
export * from './parsed'

/**
 * The catalogue of codes: every code a function of cobro reports or throws, with where
 * it is raised, what it means, its params and its message templates, in catalogue order
 * (the core's `catalogue_json`). A new array each call.
 */
export declare function codes(): CatalogueCode[]

/**
 * Parses an answer or notification of the service (`document` names which; see
 * `DocumentName`). `body` is JSON text, its bytes, or a plain object (see above). Returns the core's
 * value as a plain object of the document's type (`ParsedByName[document]`): the QR
 * image as a `Buffer`, 64-bit integers as decimal strings. The API's error answers are
 * values, not exceptions. Throws `ParseError` (`.code`, `.path`, `.offset`) for a body
 * that is not such a document, `SigningError` (ERR_INVALID_ARGUMENT) for an unknown
 * document name.
 */
export declare function parse<D extends DocumentName>(
  document: D,
  body: string | Uint8Array | ArrayBuffer | object,
  options?: ParseOptions | undefined | null,
): ParsedByName[D]

/**
 * Validates one request body of `kind` (`"virtual-account"`, `"subscription"`,
 * `"subscription-cancel"`, `"payin"`) and reports every problem at once, as a plain
 * object in the shape of DESIGN.md section 3 (`JSON.stringify` of it is the core's report
 * JSON, byte for byte). `body` is JSON text, its bytes, or a plain object (see above). Throws only
 * for bad arguments (`TypeError`, also for an options key it does not take;
 * `SigningError` for an unusable key, and ERR_INVALID_ARGUMENT for an unknown kind or
 * locale); bad content is in the report.
 */
export declare function validate(
  kind: 'virtual-account' | 'subscription' | 'subscription-cancel' | 'payin',
  body: string | Uint8Array | ArrayBuffer | object,
  options?: ValidateOptions | undefined | null,
): Report

/**
 * `validate`, then throws `ValidationError` (`.code` ERR_INVALID_REQUEST, `.report`, and
 * `.errors`: the report's errors only, never its warnings) when the report is invalid;
 * returns the report otherwise. Arguments and other errors as `validate`.
 */
export declare function ensureValid(
  kind: 'virtual-account' | 'subscription' | 'subscription-cancel' | 'payin',
  body: string | Uint8Array | ArrayBuffer | object,
  options?: ValidateOptions | undefined | null,
): Report

/**
 * The payment provider's local stand-in (what `cobro mock` runs), started in this
 * process, for a shop's tests: it keeps state, checks all three signatures, answers in
 * the provider's shapes and sends signed notifications. The npm command `cobro-mock`
 * runs one until Ctrl-C.
 */
export declare namespace mock {
  /**
   * A running mock. `url` is the base URL of the three APIs and of the control API
   * (`/_mock/`); `merchant_id` and `api_key` are its (first) merchant's. Its keys are
   * never fields, and `util.inspect` shows neither them nor the API key.
   */
  export interface MockServer {
    readonly url: string
    readonly merchant_id: number
    readonly api_key: string
    /**
     * Stops the mock and waits for its thread (a few seconds at most for requests under
     * way); calling it again does nothing. Only `stop()` stops it: it stays reachable
     * until then, and it does not keep the process alive.
     */
    stop(): void
  }
  /**
   * Starts the mock on `host:port` (a loopback address; port 0, the default, picks a
   * free one) on a thread of its own and returns once it listens: one merchant, the
   * fake one (id 1001, API key `'mock-api-key'`, fake keys) changed by the options
   * given, or every merchant of `config`. Throws `SigningError` for a refused option (a
   * key, a merchant id, a port out of range, a host that is not a loopback address),
   * `TypeError` for a wrong type, an unknown key or a merchant option given with
   * `config`, and `CobroError` with code `ERR_MOCK_NOT_STARTED` when the address cannot
   * be listened on or the config cannot be read or is refused (the message names
   * which).
   */
  export function start(options?: MockOptions | undefined | null): MockServer
}
