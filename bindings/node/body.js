'use strict'
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

/** The compact text of a valid report without any issue. */
const VALID_AND_CLEAN = '1\u00000'

/**
 * The plain report (DESIGN.md section 3) from the addon's compact text (see `compact` in
 * src/validate.rs): NUL-separated fields, or the core's JSON text when it starts with `{`.
 * The objects are built in the core's key order, so JSON.stringify gives the core's JSON.
 */
function decodeReport(text) {
  if (text === VALID_AND_CLEAN) return { valid: true, errors: [], warnings: [] }
  if (text.charCodeAt(0) === 123) return JSON.parse(text)
  const f = text.split('\0')
  const errorCount = Number(f[1])
  const errors = []
  const warnings = []
  for (let k = 2; k < f.length;) {
    const path = f[k]
    const code = f[k + 1]
    const message = f[k + 2]
    const severity = f[k + 3]
    const count = Number(f[k + 4])
    k += 5
    const params = {}
    for (let q = 0; q < count; q++, k += 2) params[f[k]] = f[k + 1]
    const issue = { path, code, message, severity, params }
    if (errors.length < errorCount) errors.push(issue)
    else warnings.push(issue)
  }
  return { valid: f[0] === '1', errors, warnings }
}

module.exports = { BODY_ARGUMENT, bodyText, decodeReport }
