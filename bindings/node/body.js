'use strict'
const native = require('./index.js')
// Request bodies on their way to the addon, and validation reports on their way back. A plain object or array is written with
// JSON.stringify (V8's: several times faster than walking the object through napi, as
// benches/node measured) and sent as text; strings and bytes go as they are. When
// JSON.stringify cannot write the object (a bigint, a cycle, nesting deeper than its
// stack allows: it throws), or an exception is thrown while it reads the object, the
// object itself goes to the addon, whose walk writes bigints as digits and applies the
// core's nesting and size limits (the report says ERR_NESTING_TOO_DEEP or
// ERR_BODY_TOO_LARGE) or rethrows what a getter threw (a TypeError, see errors.js).

/** Which argument of each exported function is a request or response body. */
const BODY_ARGUMENT = {
  validate: 1,
  parse: 1,
  parseVirtualAccountResponse: 0,
  parseSubscriptionResponse: 0,
  parsePayinResponse: 0,
  parsePayinNotification: 0,
  parseSubscriptionWebhook: 0,
  parseDepositNotification: 0,
  verifyPayinNotification: 0,
  prepareVirtualAccount: 0,
  prepareSubscription: 0,
  prepareSubscriptionCancel: 0,
  preparePayin: 0,
}

/** `body` as the addon should get it: objects as their JSON text when JSON.stringify can write them. */
function bodyText(body) {
  if (typeof body !== 'object' || body === null || ArrayBuffer.isView(body)) return body
  let text
  try {
    text = JSON.stringify(body)
  } catch {
    return body
  }
  return typeof text === 'string' ? text : body
}

// The addon's tables the packed report refers to by position (src/packed.rs).
const { codeNames: CODES, severityNames: SEVERITIES } = native
let paramNames = native.paramNames()

/** The param name at `position`; the addon gives positions as reports meet new names. */
function paramName(position) {
  if (position >= paramNames.length) paramNames = native.paramNames()
  return paramNames[position]
}

// The packed text being read and the position in it.
let packed = ''
let at = 0

function readNumber() {
  let unit = packed.charCodeAt(at++)
  let n = unit & 0x7f
  for (let scale = 0x80; unit & 0x80; scale *= 0x80) {
    unit = packed.charCodeAt(at++)
    n += (unit & 0x7f) * scale
  }
  return n
}

function readText() {
  const length = readNumber()
  const s = packed.slice(at, at + length)
  at += length
  return s
}

/**
 * The plain report (DESIGN.md section 3) from what the addon's validate returns: `true`
 * for a report without any issue, else the packed text of src/packed.rs. The objects are
 * built in the core's key order, so JSON.stringify gives the core's JSON.
 */
function report(out) {
  if (out === true) return { valid: true, errors: [], warnings: [] }
  packed = out
  at = 0
  const valid = readNumber() === 1
  const errorCount = readNumber()
  const warningCount = readNumber()
  const errors = new Array(errorCount)
  const warnings = new Array(warningCount)
  for (let k = 0; k < errorCount + warningCount; k++) {
    const code = CODES[readNumber()]
    const severity = SEVERITIES[readNumber()]
    const path = readText()
    const message = readText()
    const params = {}
    for (let count = readNumber(); count > 0; count--) {
      const name = paramName(readNumber())
      params[name] = readText()
    }
    const issue = { path, code, message, severity, params }
    if (k < errorCount) errors[k] = issue
    else warnings[k - errorCount] = issue
  }
  packed = ''
  return { valid, errors, warnings }
}

module.exports = { BODY_ARGUMENT, bodyText, report }
