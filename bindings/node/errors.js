'use strict'
// The error classes of cobro. The native addon throws errors whose `code` names one of
// these classes and whose message is JSON text with the core's code and message;
// `translate` turns such an error into the class, with `.code` the core's code.
// Messages come from the Rust core: they never contain a secret or a personal value.
//
// Wrong argument types are `TypeError`s. napi's own messages quote the offending value
// (`JavaScript value \`Number 123456\``), which may be a key or personal data, so they
// are rewritten to name only the argument and the JS types. An exception thrown while an
// argument is read (a getter, a Proxy trap) becomes a `TypeError` whose `cause` is that
// exception.

// The core's catalogue of codes (src/errors.rs `catalogue_json`), parsed anew for each
// caller: `codes()` of cobro.js, and the message of ERR_INTERNAL below.
function catalogue() {
  return JSON.parse(require('./index.js').catalogueJson())
}

// The core's texts of the errors the binding raises as `TypeError` (the catalogue's
// `host_texts`), read once: they are constant text.
let hostTexts

/** The core's host text `name` with each `{param}` filled from `params`. */
function hostText(name, params = {}) {
  try {
    if (!hostTexts) hostTexts = catalogue().host_texts
    return hostTexts[name].replace(/\{(\w+)\}/g, (whole, p) => (p in params ? String(params[p]) : whole))
  } catch {
    // Only a broken addon gets here: the text's name still says what happened.
    return name
  }
}

/** ERR_INTERNAL, with its message in English as the core writes it. */
function internal() {
  const code = 'ERR_INTERNAL'
  let message = code
  try {
    message = catalogue().codes.find((c) => c.code === code).templates.en
  } catch {
    // Only a broken addon gets here: the code alone still says what happened.
  }
  return new CobroError(message, code)
}

class CobroError extends Error {
  constructor(message, code) {
    super(message)
    this.name = new.target.name
    this.code = code
  }
}
class ValidationError extends CobroError {}
class SigningError extends CobroError {}
class ParseError extends CobroError {}
class VerificationError extends CobroError {}
class DocumentError extends CobroError {}

const CLASSES = { CobroError, ValidationError, SigningError, ParseError, VerificationError, DocumentError }

// The statuses napi-rs gives its errors (napi::Status), and the binding's `NapiError`.
const NAPI_CODES = new Set([
  'InvalidArg', 'ObjectExpected', 'StringExpected', 'NameExpected', 'FunctionExpected',
  'NumberExpected', 'BooleanExpected', 'ArrayExpected', 'GenericFailure', 'PendingException',
  'Cancelled', 'EscapeCalledTwice', 'HandleScopeMismatch', 'CallbackScopeMismatch',
  'QueueFull', 'Closing', 'BigintExpected', 'DateExpected', 'ArrayBufferExpected',
  'DetachableArraybufferExpected', 'WouldDeadlock', 'NoExternalBuffersAllowed', 'Unknown',
  'NapiError',
])

// Rust types in napi's messages, as the JS types they take.
const JS_TYPES = {
  String: 'a string', 'String(utf16)': 'a string', f64: 'a number', f32: 'a number', i32: 'a number', u32: 'a number',
  i64: 'a number', u64: 'a number', bool: 'a boolean', BigInt: 'a bigint', Object: 'an object',
  Uint8Array: 'a Uint8Array', Buffer: 'a Buffer',
}
const asJs = (t) => JS_TYPES[t.trim()] || 'another type'
// JS type words napi writes before the value it quotes.
const GOT = { Number: 'a number', BigInt: 'a bigint', Object: 'an object', Boolean: 'a boolean',
  String: 'a string', Symbol: 'a symbol', Undefined: 'undefined', Null: 'null', Function: 'a function',
  External: 'an external' }

/** napi's message for a wrong argument, without the value it quotes. */
function safeMessage(message) {
  const text = String(message)
  const on = / on ([A-Za-z_$][\w$]*\.)?([A-Za-z_$][\w$]*)\s*$/.exec(text)
  const name = on ? on[2] : 'an argument'
  let m = /^Failed to convert (?:JavaScript|napi) value `?(\w+)[^]*? into rust type `([^`]+)`/.exec(text)
  if (m) return hostText('argument_type_found', { name, expected: asJs(m[2]), found: GOT[m[1]] || 'this type' })
  m = /^Value is none of these types ((?:`[^`]*`,?\s*)+)/.exec(text)
  if (m) {
    const types = [...m[1].matchAll(/`([^`]*)`/g)].map((t) => asJs(t[1]))
    return hostText('argument_type', { name, expected: [...new Set(types)].join(' or ') })
  }
  m = /^Missing field `([A-Za-z_$][\w$]*)`/.exec(text)
  if (m) return hostText('argument_required', { name: m[1] })
  return hostText('argument_wrong_type', { name })
}

function translate(e) {
  if (!(e instanceof Error)) {
    return new TypeError(hostText('argument_unreadable'), { cause: e })
  }
  const Class = CLASSES[e.code]
  if (Class) {
    let fields
    try {
      fields = JSON.parse(e.message)
    } catch {
      return internal()
    }
    const err = new Class(fields.message, fields.code)
    if (Class === ValidationError) {
      err.report = fields.report
      err.errors = fields.report ? fields.report.errors : []
    }
    if (Class === ParseError) {
      err.path = fields.path
      err.offset = fields.offset
    }
    return err
  }
  // The binding's own TypeErrors name the argument and the accepted types, never a value.
  if (e.code === 'TypeError') return new TypeError(e.message)
  if (NAPI_CODES.has(e.code)) return new TypeError(safeMessage(e.message))
  // V8's own TypeError or RangeError (e.g. reading a property of null), or an error the
  // caller's getter threw as such: already of a documented class.
  if (e instanceof TypeError || e instanceof RangeError) return e
  return new TypeError(hostText('argument_unreadable'), { cause: e })
}

module.exports = { CobroError, ValidationError, SigningError, ParseError, VerificationError, DocumentError, translate, catalogue }
