'use strict'
// The error classes of cobro. The native addon throws errors whose `code` names one of
// these classes and whose message is JSON text with the core's code and message;
// `translate` turns such an error into the class, with `.code` the core's code.
// Messages come from the Rust core: they never contain a secret or a personal value.

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

function translate(e) {
  if (!(e instanceof Error)) return e
  const Class = CLASSES[e.code]
  if (Class) {
    let fields
    try {
      fields = JSON.parse(e.message)
    } catch {
      return e
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
  if (e.code === 'TypeError' || e.code === 'InvalidArg' || e.code === 'NumberExpected' ||
      e.code === 'StringExpected' || e.code === 'ObjectExpected' || e.code === 'BigintExpected') {
    return new TypeError(e.message)
  }
  return e
}

module.exports = { CobroError, ValidationError, SigningError, ParseError, VerificationError, DocumentError, translate }
