'use strict'
// The public entry point: the generated native exports, each wrapped so that a native
// error becomes the class of errors.js (namespaces such as `documents` too).
const native = require('./index.js')
const errors = require('./errors.js')

function wrap(exports) {
  const out = {}
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'function') {
      out[name] = function (...args) {
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
for (const name of ['CobroError', 'ValidationError', 'SigningError', 'ParseError', 'VerificationError', 'DocumentError']) {
  wrapped[name] = errors[name]
}
module.exports = wrapped
