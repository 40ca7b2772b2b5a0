'use strict'
// Reads the shared vectors of tests/vectors, keeping each object member's raw text in
// a hidden map read with `raw(obj)` (under a symbol: vectors have members named `raw`):
// a number such as 150.000 or a repeated key must reach the core as written, which
// JSON.parse would not allow. A validation case given as a base and a patch
// (tests/vectors/README.md) is given the `body` it stands for when loaded.
//
// The vectors hold parsed values as the core's JSON writes them (snake_case keys); the
// package names each key as JavaScript reads it (DESIGN.md 9 row 43). `jsKey` and
// `camelized` turn the vectors' keys into the package's through the one mapping, the
// addon's own table made from the core's description (src/names.rs `keyNames`).
const fs = require('node:fs')
const path = require('node:path')
const { keyNames } = require('../index.js')

const RAW = Symbol('raw')
const raw = (obj) => obj[RAW]
// The members of an object in the order written, [key, raw text] (a plain object puts
// keys such as "1" first).
const MEMBERS = Symbol('members')

const ROOT = path.join(__dirname, '..', '..', '..', 'tests', 'vectors')

function parse(s) {
  let i = 0
  const ws = () => { while (' \t\n\r'.includes(s[i]) && i < s.length) i++ }
  const value = () => {
    ws()
    if (s[i] === '{') {
      const obj = {}
      const texts = {}
      const members = []
      Object.defineProperty(obj, RAW, { value: texts, enumerable: false })
      Object.defineProperty(obj, MEMBERS, { value: members, enumerable: false })
      i++; ws()
      if (s[i] === '}') { i++; return obj }
      for (;;) {
        ws()
        const kStart = i
        value()
        const key = JSON.parse(s.slice(kStart, i))
        ws(); i++ // ':'
        ws()
        const start = i
        obj[key] = value()
        texts[key] = s.slice(start, i)
        members.push([key, texts[key]])
        ws()
        if (s[i++] === '}') return obj
      }
    }
    if (s[i] === '[') {
      const out = []
      i++; ws()
      if (s[i] === ']') { i++; return out }
      for (;;) {
        out.push(value())
        ws()
        if (s[i++] === ']') return out
      }
    }
    const start = i
    if (s[i] === '"') {
      i++
      while (s[i] !== '"') i += s[i] === '\\' ? 2 : 1
      i++
    } else {
      while (i < s.length && !',}] \t\n\r'.includes(s[i])) i++
    }
    return JSON.parse(s.slice(start, i))
  }
  return value()
}

/** The object `text` as a Map of its members, each value as its text. */
function members(text) {
  const obj = parse(text)
  if (!obj || !obj[MEMBERS]) throw new Error(`a pointer goes through ${text}`)
  return new Map(obj[MEMBERS])
}

/** The members holding the member `pointer` names, and that member's key. */
function parentOf(root, pointer) {
  if (!pointer.startsWith('/')) throw new Error(`${pointer} does not start with /`)
  const tokens = pointer.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
  const last = tokens.pop()
  let node = root
  for (const token of tokens) {
    if (!node.has(token)) throw new Error(`${pointer} names no member`)
    if (typeof node.get(token) === 'string') node.set(token, members(node.get(token)))
    node = node.get(token)
  }
  return [node, last]
}

function write(node) {
  if (typeof node === 'string') return node
  const out = []
  for (const [key, value] of node) {
    if (/["\\\u0000-\u001f]/.test(key)) throw new Error(`the key ${JSON.stringify(key)} must be written as it reads`)
    out.push(`"${key}": ${write(value)}`)
  }
  return `{${out.join(', ')}}`
}

/**
 * `base` with the members of `remove` taken out, then each member of `set` ([pointer,
 * value text] pairs) given its value in place, or appended to its object when new. Only
 * the objects a pointer reaches are written again; every other value keeps its text.
 */
function patched(base, remove, set) {
  const root = members(base)
  for (const pointer of remove) {
    const [m, key] = parentOf(root, pointer)
    if (!m.delete(key)) throw new Error(`nothing to remove at ${pointer}`)
  }
  for (const [pointer, text] of set) {
    const [m, key] = parentOf(root, pointer)
    m.set(key, text)
  }
  return write(root)
}

/** Gives a case stated as a base and a patch the `body` it stands for. */
function expand(file, c) {
  if (!('base' in c)) {
    if ('remove' in c || 'set' in c) throw new Error(`${c.name}: a patch needs a base`)
    return
  }
  if ('body' in c || 'body_text' in c || 'body_hex' in c) throw new Error(`${c.name}: one body`)
  const text = patched(raw(file.bases)[c.base], c.remove || [], c.set ? c.set[MEMBERS] : [])
  c.body = parse(text)
  raw(c).body = text
}

function cases(folder) {
  const dir = path.join(ROOT, folder)
  const out = []
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const file = parse(fs.readFileSync(path.join(dir, name), 'utf8'))
    for (const c of file.cases) {
      expand(file, c)
      out.push({ id: `${name} / ${c.name}`, file, case: c })
    }
  }
  return out
}

/** One whole vector file of `folder`, e.g. to read members other than `cases`. */
function file(folder, name) {
  return parse(fs.readFileSync(path.join(ROOT, folder, name), 'utf8'))
}

function bodyBytes(c) {
  if ('body' in c) return Buffer.from(raw(c).body, 'utf8')
  if ('body_text' in c) return Buffer.from(c.body_text, 'utf8')
  return Buffer.from(c.body_hex, 'hex')
}

const JS_KEYS = new Map(keyNames())

/** The package's name of the core's key `key`. */
function jsKey(key) {
  if (!JS_KEYS.has(key)) throw new Error(`${key} is no key of the core's description`)
  return JS_KEYS.get(key)
}

/** A parsed value of the vectors (the core's JSON) with its keys as the package names them. */
function camelized(v) {
  if (Array.isArray(v)) return v.map(camelized)
  if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [jsKey(k), camelized(x)]))
  }
  return v
}

module.exports = { cases, file, bodyBytes, raw, jsKey, camelized }
