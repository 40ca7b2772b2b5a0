'use strict'
// The public entry point: the generated native exports, each wrapped so that a native
// error becomes the class of errors.js.
const native = require('./index.js')
const errors = require('./errors.js')

const wrapped = {}
for (const [name, value] of Object.entries(native)) {
  wrapped[name] = typeof value === 'function'
    ? function (...args) {
      try {
        return value.apply(this, args)
      } catch (e) {
        throw errors.translate(e)
      }
    }
    : value
}
for (const name of ['CobroError', 'ValidationError', 'SigningError', 'ParseError', 'VerificationError', 'DocumentError']) {
  wrapped[name] = errors[name]
}
module.exports = wrapped
