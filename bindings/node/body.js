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
  parsePayinStatus: 0,
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

// The keys of every kind's amount fields (the core's list).
const AMOUNT_FIELDS = new Set(native.amountFields())

/**
 * Whether `body` holds, under an amount's key, a number whose text is no exact
 * two-decimal amount (more than two decimals, more than 15 significant digits, an
 * exponent). Only a hint of where to send the body: the addon's walk judges such a
 * number by the core's rule and throws what it throws as an amount argument.
 */
function holdsInexactAmount(body) {
  let found = false
  JSON.stringify(body, (key, v) => {
    if (typeof v === 'number' && AMOUNT_FIELDS.has(key)) {
      const text = String(v)
      if (!/^-?\d+(\.\d{1,2})?$/.test(text) || text.replace(/[-.]/g, '').replace(/^0+/, '').length > 15) found = true
    }
    return v
  })
  return found
}

/** `body` as a `prepare*` function (or validation before prepare) should send it to the addon. */
function bodyToSend(body) {
  const sent = bodyText(body)
  return typeof sent === 'string' && sent !== body && holdsInexactAmount(body) ? body : sent
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

// A params object is built by a function made once for its list of names (a literal with
// those keys, in that order), found through a tree keyed by the names' positions: every
// params object of a list then has the same hidden class from its creation, where
// setting each name in turn on `{}` is a keyed store V8 cannot specialise (it meets a
// different name and hidden class on almost every report). The made function is plain
// code over the names of the addon's table; where a host forbids making code from text,
// or a list is longer than the made functions take, the names are set in turn.

/** Params lists of at most this many names get a made function. */
const MADE_PARAMS = 4

/** A node of the tree of params lists: the function for the list that ends here, and the nodes of longer lists by their next name's position. */
function ParamsNode(make) {
  this.make = make
  this.next = []
  this.parent = null
  this.name = ''
}

/** The node of the empty list. */
const PARAMS_ROOT = new ParamsNode(null)

/** A function of MADE_PARAMS values giving a new object with `names` as keys, in order, set to the first values; `null` when code cannot be made. */
function paramsMaker(names) {
  const fields = names.map((name, k) => `${JSON.stringify(name)}: v${k}`).join(', ')
  try {
    return new Function('v0', 'v1', 'v2', 'v3', `'use strict'; return { ${fields} }`)
  } catch {
    return null
  }
}

/** The node below `node` for the param name at `position` (the name `name`). */
function paramsChild(node, position, name, depth) {
  let child = node.next[position]
  if (child === undefined) {
    const names = []
    for (let n = node; n !== PARAMS_ROOT; n = n.parent) names.unshift(n.name)
    names.push(name)
    child = new ParamsNode(depth <= MADE_PARAMS && !names.includes('__proto__') ? paramsMaker(names) : null)
    child.parent = node
    child.name = name
    node.next[position] = child
  }
  return child
}

/** The params of the `count` names and values packed from `i` on in `s`, set in turn on a new object. */
function plainParams(s, i, count) {
  const params = {}
  for (let n; count > 0; count--) {
    n = s.charCodeAt(i++)
    if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
    const name = paramName(n)
    n = s.charCodeAt(i++)
    if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
    params[name] = s.slice(i, (i += n))
  }
  return params
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
    let count = s.charCodeAt(i++)
    if (count > 0x7f) { count = longNumber(s, i, count); i = longEnd }
    let params
    if (count === 0) {
      params = {}
    } else {
      const start = i
      let node = PARAMS_ROOT
      let v0, v1, v2, v3
      for (let j = 0; j < count; j++) {
        n = s.charCodeAt(i++)
        if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
        node = paramsChild(node, n, paramName(n), j + 1)
        n = s.charCodeAt(i++)
        if (n > 0x7f) { n = longNumber(s, i, n); i = longEnd }
        const value = s.slice(i, (i += n))
        if (j === 0) v0 = value
        else if (j === 1) v1 = value
        else if (j === 2) v2 = value
        else if (j === 3) v3 = value
      }
      params = node.make === null ? plainParams(s, start, count) : node.make(v0, v1, v2, v3)
    }
    const issue = { path, code, message, severity, params }
    if (k < errorCount) errors[k] = issue
    else warnings[k - errorCount] = issue
  }
  return { valid, errors, warnings }
}
module.exports = { BODY_ARGUMENT, bodyText, bodyToSend, holdsNonFinite, report }
