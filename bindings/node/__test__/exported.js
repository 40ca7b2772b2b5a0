'use strict'
// The package's functions as its tests find them: by listing the module (namespaces
// included), not by hand, so a new export is covered the day it is added.

/** The error classes the package exports: not functions to call. */
const ERROR_CLASSES = new Set(['CobroError', 'ValidationError', 'SigningError', 'ParseError', 'VerificationError', 'DocumentError'])

/** Every exported function, with its dotted name (`documents.validate`). */
function exportedFunctions(module, prefix = '') {
  const out = []
  for (const [name, value] of Object.entries(module)) {
    if (ERROR_CLASSES.has(name)) continue
    if (typeof value === 'function') out.push([prefix + name, value])
    else if (value !== null && typeof value === 'object') out.push(...exportedFunctions(value, `${prefix}${name}.`))
  }
  return out
}

module.exports = { exportedFunctions }
