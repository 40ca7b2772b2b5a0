'use strict'
// The public entry point: the generated native exports (index.js), each wrapped so that
// a native error becomes the class of errors.js (namespaces such as `documents` too) and
// an object body is sent as JSON text (body.js); `validate` also turns the addon's
// packed report into the plain object (body.js `report`): built in JS, it costs a
// fraction of setting each property through napi (benches/node/RESULTS.md).
const util = require('node:util')
const native = require('./index.js')
const errors = require('./errors.js')
const { BODY_ARGUMENT, bodyText, bodyToSend, report } = require('./body.js')

// Personal values (names, documents, e-mails, phones, account numbers, user ids, free
// text) are hidden when a parsed value is printed, as the core's Debug and Python's repr
// hide them: the addon marks each object of a record with personal fields with the
// names of those fields (src/personal.rs: a non-enumerable property keyed by this
// symbol), and `hidePersonal` gives each marked object a non-enumerable
// `util.inspect.custom`, which `console.log` calls. JSON.stringify, Object.keys and
// property reads still give every value: the program needs them; logs do not.
const PERSONAL = Symbol.for('cobro.personal')
const REDACTED = Object.freeze({ [util.inspect.custom]: (depth, options) => options.stylize('[REDACTED]', 'special') })

/** util.inspect of a marked object: its fields, the personal ones that are set as [REDACTED]. */
function inspectHidingPersonal(depth, options, inspect) {
  if (depth < 0) return options.stylize('[Object]', 'special')
  const personal = this[PERSONAL]
  const shown = {}
  for (const key of Object.keys(this)) {
    const value = this[key]
    shown[key] = value !== null && value !== undefined && personal.includes(key) ? REDACTED : value
  }
  return inspect(shown, { ...options, depth })
}

/** `value`, every marked object in it given its redacting `util.inspect`. */
function hidePersonal(value) {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value
  if (Object.hasOwn(value, PERSONAL) && !Object.hasOwn(value, util.inspect.custom)) {
    Object.defineProperty(value, util.inspect.custom, { value: inspectHidingPersonal })
  }
  for (const key of Object.keys(value)) hidePersonal(value[key])
  return value
}

function wrap(exports) {
  const out = {}
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'function') {
      const at = Object.hasOwn(BODY_ARGUMENT, name) && exports === native ? BODY_ARGUMENT[name] : -1
      out[name] = at < 0
        ? function (...args) {
          try {
            return hidePersonal(value.apply(this, args))
          } catch (e) {
            throw errors.translate(e)
          }
        }
        : function (...args) {
          if (args.length > at) args[at] = name.startsWith('prepare') ? bodyToSend(args[at]) : bodyText(args[at])
          try {
            return hidePersonal(value.apply(this, args))
          } catch (e) {
            throw errors.translate(e)
          }
        }
    } else if (value !== null && typeof value === 'object') {
      out[name] = wrap(value)
    } else {
      out[name] = value
    }
  }
  return out
}

// The addon's internal exports (src/fast.rs, src/packed.rs, src/errors.rs, src/names.rs,
// src/mock.rs, src/command.rs): the hot path of `validate`, the tables of its arguments
// and of the packed report (body.js), the catalogue of codes as JSON text (`codes`
// below), the core's keys with their JavaScript names (the tests' one mapping), the
// mock's start and stop (mock.js) and command defaults (cobro-mock.js), and the `cobro`
// command (cobro-cli.js). Not part of the package.
const INTERNAL = [
  'validateFast', 'kindNames', 'localeNames', 'codeNames', 'severityNames', 'paramNames', 'catalogueJson', 'amountFields',
  'keyNames',
  'mockStart', 'mockStop', 'mockCommandDefaults', 'runCommand',
]
const { validateFast, kindNames, localeNames } = native

/** Each kind's position in `kindNames`, by name: a property read, where a search of the list compares strings. */
const KIND_AT = Object.create(null)
kindNames.forEach((name, at) => {
  KIND_AT[name] = at
})

/**
 * The options of `validate` as the number src/fast.rs reads (bit 0 `strict`, the bits
 * above it the locale's position), or -1 when the call is for the napi-rs `validate`:
 * options with a key or a size limit, or anything it must check and report (a key it
 * does not take, a value of the wrong type).
 */
function fastOptions(options) {
  if (options === undefined) return 0
  if (typeof options !== 'object' || options === null) return -1
  // Any other key goes to the napi-rs `validate`, which refuses it.
  for (const name in options) if (name !== 'strict' && name !== 'locale') return -1
  const { strict, locale, key, maxBytes } = options
  if (key !== undefined || maxBytes !== undefined) return -1
  if (strict !== undefined && typeof strict !== 'boolean') return -1
  const at = locale === undefined ? 0 : localeNames.indexOf(locale)
  if (at < 0) return -1
  return (at << 1) | (strict === true ? 1 : 0)
}

const wrapped = wrap(native)
for (const name of INTERNAL) delete wrapped[name]
// The generated loader's note of what it loaded (native or WASI): not the package's either.
delete wrapped.__napiBindingTarget

/** Whether validation options ask to judge the body as prepare completes it. */
function beforePrepare(options) {
  return typeof options === 'object' && options !== null && options.beforePrepare === true
}

// Written out rather than through `wrap`: validate is the hot path (no rest arguments).
// JSON text (a string body, or an object JSON.stringify wrote) or bytes, with at most
// `strict` and `locale` as options, go to the addon's plain Node-API entry point
// (src/fast.rs), which returns `true` for a clean report, the packed report, or
// `undefined` when it leaves the call to the napi-rs `validate`, which takes every
// other call (other options, an unknown kind, a bad argument) and gives the same reports.
wrapped.validate = function validate(kind, body, options) {
  let out
  try {
    const sent = beforePrepare(options) ? bodyToSend(body) : bodyText(body)
    if (typeof sent === 'string' || sent instanceof Uint8Array) {
      const at = typeof kind === 'string' ? KIND_AT[kind] : undefined
      const flags = fastOptions(options)
      if (at !== undefined && flags >= 0) out = validateFast(at + kindNames.length * flags, sent)
    }
    if (out === undefined) out = native.validate(kind, sent, options)
  } catch (e) {
    throw errors.translate(e)
  }
  return report(out)
}

// `validate`, then a ValidationError when the report is invalid (src/validate.rs): the
// report comes packed, as from `validate`.
wrapped.ensureValid = function ensureValid(kind, body, options) {
  let out
  try {
    out = native.ensureValid(kind, beforePrepare(options) ? bodyToSend(body) : bodyText(body), options)
  } catch (e) {
    throw errors.translate(e)
  }
  return report(out)
}

/**
 * The catalogue of codes: every code any of cobro's functions reports or throws, as the
 * `codes` of the core's catalogue JSON (`{code, severity, classes, meaning, params,
 * templates: {en, es, pt}}`), in catalogue order. A new array each call.
 */
wrapped.codes = function codes() {
  return errors.catalogue().codes
}

// The provider's stand-in, started in-process (mock.js): `mock.start`.
wrapped.mock = { start: require('./mock.js').start }

for (const name of ['CobroError', 'ValidationError', 'SigningError', 'ParseError', 'VerificationError', 'DocumentError']) {
  wrapped[name] = errors[name]
}
module.exports = wrapped
