'use strict'
// The public entry point: the generated native exports (index.js), each wrapped so that
// a native error becomes the class of errors.js (namespaces such as `documents` too) and
// an object body is sent as JSON text (body.js); `validate` also turns the addon's
// compact report into the plain object (body.js `decodeReport`): built in JS, it costs
// a fraction of setting each property through napi (benches/node/RESULTS.md).
const native = require('./index.js')
const errors = require('./errors.js')
const { BODY_ARGUMENT, bodyText, decodeReport } = require('./body.js')

function wrap(exports) {
  const out = {}
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'function') {
      const at = Object.hasOwn(BODY_ARGUMENT, name) && exports === native ? BODY_ARGUMENT[name] : -1
      out[name] = at < 0
        ? function (...args) {
          try {
            return value.apply(this, args)
          } catch (e) {
            throw errors.translate(e)
          }
        }
        : function (...args) {
          if (args.length > at) args[at] = bodyText(args[at])
          try {
            return value.apply(this, args)
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

const wrapped = wrap(native)
// Written out rather than through `wrap`: validate is the hot path (no rest arguments).
// Without options, JSON text (a string body, or an object JSON.stringify wrote) goes
// through the addon's text-only entry point, which napi-rs converts faster; the rest
// goes through `validate`.
wrapped.validate = function validate(kind, body, options) {
  let text
  try {
    const sent = bodyText(body)
    text = options === undefined && typeof sent === 'string'
      ? native.validateText(kind, sent)
      : native.validate(kind, sent, options)
  } catch (e) {
    throw errors.translate(e)
  }
  return decodeReport(text)
}
// An internal entry point of `validate`, not an export of the package.
delete wrapped.validateText

for (const name of ['CobroError', 'ValidationError', 'SigningError', 'ParseError', 'VerificationError', 'DocumentError']) {
  wrapped[name] = errors[name]
}
module.exports = wrapped
