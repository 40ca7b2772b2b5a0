'use strict'
// Request bodies on their way to the addon, and validation reports on their way back. A plain object or array is written with
// JSON.stringify (V8 writes it without a call across the addon's boundary per value, as a
// walk through napi would make) and sent as text; strings and bytes go as they are. When
// JSON.stringify cannot write the object (a bigint, a cycle, nesting deeper than its
// stack allows: it throws), or an exception is thrown while it reads the object, the
// object itself goes to the addon, whose walk writes bigints as digits and applies the
// core's nesting and size limits (the report says ERR_NESTING_TOO_DEEP or
// ERR_BODY_TOO_LARGE) or rethrows what a getter threw (a TypeError, see errors.js).
// So does an object holding NaN or an infinity, which JSON.stringify would write as
// `null` (an absent field to the core): the walk reports the number at its path.
// Two conversions keep the caller's bytes exact: an ArrayBuffer is read through a
// Uint8Array over it (no copy), and a string with a lone surrogate, which napi would
// turn into U+FFFD, is sent as its generalized UTF-8 (the surrogate as the three bytes
// UTF-8 gives a code point), which the core refuses as ERR_INVALID_UTF8.

const { isAnyArrayBuffer } = require('node:util').types
const native = require('./index.js')

/** Which argument of each exported function is a request or response body. */
const BODY_ARGUMENT = {
  validate: 1,
  ensureValid: 1,
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

/** `text`, with a lone surrogate, as generalized UTF-8 bytes. */
function generalizedUtf8(text) {
  const parts = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0xd800 || unit > 0xdfff) continue
    const next = text.charCodeAt(i + 1)
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++
      continue
    }
    parts.push(Buffer.from(text.slice(start, i)), Buffer.from([0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]))
    start = i + 1
  }
  parts.push(Buffer.from(text.slice(start)))
  return Buffer.concat(parts)
}

/** Whether JSON.stringify met a number it writes as `null` (NaN, an infinity) in `body`. */
function holdsNonFinite(body) {
  let found = false
  JSON.stringify(body, (_, v) => {
    if (typeof v === 'number' && !Number.isFinite(v)) found = true
    return v
  })
  return found
}

/** `body` as the addon should get it: objects as their JSON text when JSON.stringify can write them. */
function bodyText(body) {
  if (typeof body === 'string') return body.isWellFormed() ? body : generalizedUtf8(body)
  if (typeof body !== 'object' || body === null || ArrayBuffer.isView(body)) return body
  let text
  try {
    text = JSON.stringify(body)
    // An ArrayBuffer is written `{}`, and `null` in the text is rare in a request: only
    // then is the object looked at again, so a common body pays for neither check.
    if (text === '{}' && isAnyArrayBuffer(body)) return new Uint8Array(body)
    if (typeof text === 'string' && text.includes('null') && holdsNonFinite(body)) return body
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

// Numbers of the packed text take one unit when below 128, the common case, which
// `report` reads in line (`n = s.charCodeAt(i++)`, then this function only when the unit
// says more follow); the text and the position are locals there, not shared state, so
// that reading the numbers stays a small part of a report's cost (benches/node/RESULTS.md).

/** The end of the last number `longNumber` read. */
let longEnd = 0

/** The number whose first unit, `unit`, was just read from `s`, with the units from `i` on. */
function longNumber(s, i, unit) {
  let n = unit & 0x7f
  for (let scale = 0x80; unit & 0x80; scale *= 0x80) {
    unit = s.charCodeAt(i++)
    n += (unit & 0x7f) * scale
  }
  longEnd = i
  return n
}

/**
 * The plain report (DESIGN.md section 3) from what the addon's validate returns: `true`
 * for a report without any issue, else the packed text of src/packed.rs. The objects are
 * built in the core's key order, so JSON.stringify gives the core's JSON.
 */
function report(out) {
  if (out === true) return { valid: true, errors: [], warnings: [] }
  const s = out
  let i = 0
  let n = s.charCodeAt(i++)
  if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
  const valid = n === 1
  let errorCount = s.charCodeAt(i++)
  if (errorCount > 0x7f) { errorCount = longNumber(s, i, errorCount); i = longEnd }
  let issueCount = s.charCodeAt(i++)
  if (issueCount > 0x7f) { issueCount = longNumber(s, i, issueCount); i = longEnd }
  issueCount += errorCount
  const errors = new Array(errorCount)
  const warnings = new Array(issueCount - errorCount)
  for (let k = 0; k < issueCount; k++) {
    n = s.charCodeAt(i++)
    if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
    const code = CODES[n]
    n = s.charCodeAt(i++)
    if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
    const severity = SEVERITIES[n]
    n = s.charCodeAt(i++)
    if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
    const path = s.slice(i, (i += n))
    n = s.charCodeAt(i++)
    if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
    const message = s.slice(i, (i += n))
    const params = {}
    let count = s.charCodeAt(i++)
    if (count > 0x7f) { count = longNumber(s, i, count); i = longEnd }
    for (; count > 0; count--) {
      n = s.charCodeAt(i++)
      if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
      const name = paramName(n)
      n = s.charCodeAt(i++)
      if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
      params[name] = s.slice(i, (i += n))
    }
    const issue = { path, code, message, severity, params }
    if (k < errorCount) errors[k] = issue
    else warnings[k - errorCount] = issue
  }
  return { valid, errors, warnings }
}

module.exports = { BODY_ARGUMENT, bodyText, holdsNonFinite, report }
