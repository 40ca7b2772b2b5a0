'use strict'
// Reads the shared vectors of tests/vectors, keeping each object member's raw text in
// a hidden map read with `raw(obj)` (under a symbol: vectors have members named `raw`):
// a number such as 150.000 or a repeated key must reach the core as written, which
// JSON.parse would not allow.
const fs = require('node:fs')
const path = require('node:path')

const RAW = Symbol('raw')
const raw = (obj) => obj[RAW]

const ROOT = path.join(__dirname, '..', '..', '..', 'tests', 'vectors')

function parse(s) {
  let i = 0
  const ws = () => { while (' \t\n\r'.includes(s[i]) && i < s.length) i++ }
  const value = () => {
    ws()
    if (s[i] === '{') {
      const obj = {}
      const texts = {}
      Object.defineProperty(obj, RAW, { value: texts, enumerable: false })
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

function cases(folder) {
  const dir = path.join(ROOT, folder)
  const out = []
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const file = parse(fs.readFileSync(path.join(dir, name), 'utf8'))
    for (const c of file.cases) out.push({ id: `${name} / ${c.name}`, file, case: c })
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

module.exports = { cases, file, bodyBytes, raw }
