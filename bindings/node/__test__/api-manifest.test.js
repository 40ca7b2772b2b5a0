'use strict'
// The package against tests/api/manifest.json, the public API written once for every
// language (tests/api/README.md "How each language checks it"), exactly and both ways:
// - `require('cobro')` (and its namespaces, `documents` and `mock`) exports the
//   manifest's functions, error classes and extras and nothing else, and
//   `import('cobro')` exports the same names;
// - each function's parameters and options keys (names, optional or not), result type,
//   and each record, union variant and error class, as cobro.d.ts declares them (read
//   with the TypeScript compiler);
// - an unknown name among an argument's choices (kind, locale, document, variant,
//   deposit mode) is a SigningError ERR_INVALID_ARGUMENT, as the manifest's
//   argument_errors say;
// - every code a function or error class is listed with is in `codes()` with that class.
// An item whose Node entry still carries a `change` or a `missing` marker is a strict
// expected failure: its check must fail today, so whoever lands the change must also
// delete the marker.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const ts = require('typescript')
const cobro = require('cobro')

const PACKAGE = path.join(__dirname, '..')
const manifest = JSON.parse(fs.readFileSync(path.join(PACKAGE, '..', '..', 'tests', 'api', 'manifest.json'), 'utf8'))

// ---- the manifest, as Node sees it ----

/** The Node entry of `languages`: a missing key means present. */
function node(item) {
  const v = (item.languages || {}).node
  return v === undefined ? true : v
}
const omitted = (item) => typeof node(item) === 'object' && 'omitted' in node(item)
const missing = (item) => typeof node(item) === 'object' && 'missing' in node(item)
/** Why the item's check is expected to fail today, or null. */
function marker(item) {
  if (missing(item)) return `missing: ${node(item).missing}`
  if (item.change && item.change.node) return `change: ${item.change.node}`
  return null
}
const camel = (name) => name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase())
/** A record field's Node name, by the manifest's naming of Node fields. */
const fieldName = (name) => (manifest.naming.node.fields === 'camelCase' ? camel(name) : name)
/** The item's Node name: `{name}` as given, else camelCase (functions) or as is. */
function nodeName(item, style) {
  const v = node(item)
  if (typeof v === 'object' && v.name) return v.name
  return style === 'camel' ? camel(item.name) : item.name
}

const functions = manifest.functions.filter((f) => !omitted(f))
const records = manifest.records.filter((r) => !omitted(r))
const recordByName = new Map(manifest.records.map((r) => [r.name, r]))
const unionByName = new Map(manifest.unions.map((u) => [u.name, u]))
const enumByName = new Map(manifest.enums.filter((e) => !omitted(e)).map((e) => [e.name, e]))
const errorClasses = manifest.errors.filter((e) => !omitted(e))
const argsOf = (f) => f.args.filter((a) => !omitted(a))

/**
 * Runs `check` as the test of one item: plainly, or, for an item with a marker, as a
 * strict expected failure.
 */
function itemTest(t, label, item, check) {
  const why = marker(item)
  if (why === null) return t.test(label, check)
  return t.test(`${label} (expected to fail: ${why})`, () => {
    let passed = true
    try {
      check()
    } catch {
      passed = false
    }
    assert.ok(!passed, `${label} now passes: delete its Node marker in tests/api/manifest.json (${why})`)
  })
}

// ---- cobro.d.ts, read by the TypeScript compiler ----

const entry = path.join(PACKAGE, 'cobro.d.ts')
const program = require('./ts-program.js').program([entry])
const checker = program.getTypeChecker()
const resolve = (s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)
const moduleExports = new Map(
  checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry))).map((s) => [s.name, resolve(s)]),
)

/** The declared symbol of a dotted Node name (`documents.ValidDocument`), or undefined. */
function declared(name, flags) {
  const parts = name.split('.')
  let scope = moduleExports
  for (const [i, part] of parts.entries()) {
    const s = scope.get(part)
    if (!s) return undefined
    if (i === parts.length - 1) return s.flags & flags ? s : undefined
    scope = new Map(checker.getExportsOfModule(s).map((x) => [x.name, resolve(x)]))
  }
  return undefined
}

const typeOf = (s) => checker.getTypeOfSymbolAtLocation(s, s.valueDeclaration || s.declarations[0])
const optionalProperty = (s) => (s.flags & ts.SymbolFlags.Optional) !== 0
const show = (t) => checker.typeToString(t)

/** The string literals a type admits, or null when it admits any other value too. */
function literals(type) {
  const parts = type.isUnion() ? type.types : [type]
  const out = []
  for (const p of parts) {
    if (!p.isStringLiteral()) return null
    out.push(p.value)
  }
  return out.sort()
}

/** The element type of an array type. */
const element = (type) => checker.getIndexTypeOfType(type, ts.IndexKind.Number)

/** The name of the interface or alias a type is (`PayinState`, `Experience`). */
const typeName = (type) => (type.aliasSymbol || type.symbol || {}).name

/** A manifest type token without `?` and `list<...>`, and whether it was a list. */
function base(token) {
  let t = token.endsWith('?') ? token.slice(0, -1) : token
  const list = /^list<(.*)>$/.exec(t)
  if (list) t = list[1]
  return { name: t, list: Boolean(list) }
}

/**
 * The type's Node name when it is a record or union of the manifest (last segment:
 * `documents.ValidDocument` is the interface ValidDocument), else null.
 */
function namedType(token) {
  const { name } = base(token)
  const r = recordByName.get(name)
  if (r) return nodeName(r).split('.').pop()
  if (unionByName.has(name)) return name
  return null
}

/**
 * Checks `type` against a manifest type token naming a record, a union or an enum. A
 * record whose own entry is still to change is its own check's business, unless `force`
 * (the entry of the function or field that names it says it changes too).
 */
function checkType(type, token, where, force = false) {
  const { name, list } = base(token)
  let t = checker.getNonNullableType(type)
  // A generic parameter (`parse<D extends DocumentName>`) is checked by its constraint.
  if (t.flags & ts.TypeFlags.TypeParameter) t = checker.getBaseConstraintOfType(t)
  if (list) {
    assert.ok(checker.isArrayType(t), `${where}: ${show(type)} is not an array (${token})`)
    t = element(t)
  }
  const named = namedType(token)
  const record = recordByName.get(name)
  if (named !== null && (force || !record || marker(record) === null)) assert.equal(typeName(t), named, `${where}: ${show(type)} is not ${named}`)
  const e = enumByName.get(name)
  if (e) assert.deepEqual(literals(t), [...e.values].sort(), `${where}: ${show(type)} is not the values of ${e.name}`)
}

// ---- the checks ----

/** The function's JS value (`documents.validate` included), or undefined. */
function runtime(name) {
  return name.split('.').reduce((o, part) => (o == null ? undefined : o[part]), cobro)
}

function checkFunction(f) {
  const name = nodeName(f, 'camel')
  assert.equal(typeof runtime(name), 'function', `${name} is not exported`)
  const s = declared(name, ts.SymbolFlags.Function)
  assert.ok(s, `${name} is not declared in cobro.d.ts`)
  const signatures = checker.getSignaturesOfType(typeOf(s), ts.SignatureKind.Call)
  assert.equal(signatures.length, 1, `${name}: one declaration`)
  const [signature] = signatures
  const params = signature.parameters
  const args = argsOf(f)
  const positional = args.slice(0, f.positional)
  const rest = args.slice(f.positional)
  const expected = positional.map((a) => `${camel(a.name)}${a.optional ? '?' : ''}`)
  if (rest.length > 0) expected.push(`options${rest.every((a) => a.optional) ? '?' : ''}`)
  const got = params.map((p, i) => {
    const label = i < positional.length ? p.name : 'options'
    return `${label}${checker.isOptionalParameter(p.valueDeclaration) ? '?' : ''}`
  })
  assert.deepEqual(got, expected, `${name}: parameters`)
  for (const [i, a] of positional.entries()) checkType(typeOf(params[i]), a.type, `${name}(${a.name})`)
  if (rest.length > 0) {
    const options = checker.getNonNullableType(typeOf(params[positional.length]))
    const keys = checker.getPropertiesOfType(options)
    const shown = (list) => list.sort()
    assert.deepEqual(
      shown(keys.map((k) => `${k.name}${optionalProperty(k) ? '?' : ''}`)),
      shown(rest.map((a) => `${camel(a.name)}${a.optional ? '?' : ''}`)),
      `${name}: keys of its options (${show(options)})`,
    )
    for (const a of rest) {
      const k = keys.find((x) => x.name === camel(a.name))
      checkType(typeOf(k), a.type, `${name}({${camel(a.name)}})`)
    }
  }
  checkType(signature.getReturnType(), f.result, `${name}'s result`, marker(f) !== null)
  // An unknown name among an argument's choices (argument_errors).
  for (const a of args) {
    if (!CHOICES.has(a.type)) continue
    const call = () => callWith(f, { [a.name]: 'no-such-name' })
    assert.throws(call, (e) => e instanceof cobro.SigningError && e.code === 'ERR_INVALID_ARGUMENT',
      `${name}: an unknown ${a.name} is a SigningError ERR_INVALID_ARGUMENT`)
  }
}

// The enums an unknown name of which is a SigningError ERR_INVALID_ARGUMENT.
const CHOICES = new Set(['RequestKind', 'MessageLocale', 'DocumentName', 'SignatureVariant', 'DepositMode'])

// A value each type token accepts, for calls that must get as far as the argument probed.
const SAMPLE = {
  Body: '{}', Key: 'fake-key', str: 'x', seconds: 1700000000, MerchantId: 1, Amount: '1.00',
  Headers: {}, Date: '2024-01-01', bool: false, size: 1000, u16: 200, u32: 1, i64: 1,
}

/** Calls `f` with sample arguments, `given` (by canonical name) replacing some. */
function callWith(f, given) {
  const value = (a) => {
    if (a.name in given) return given[a.name]
    if (enumByName.has(a.type)) return enumByName.get(a.type).values[0]
    const { name, list } = base(a.type)
    return list ? [SAMPLE[name]] : SAMPLE[name]
  }
  const args = argsOf(f)
  const call = args.slice(0, f.positional).map(value)
  const rest = args.slice(f.positional)
  if (rest.length > 0) call.push(Object.fromEntries(rest.map((a) => [camel(a.name), value(a)])))
  return runtime(nodeName(f, 'camel'))(...call)
}

/** The names a record's interface must have: its fields, after a union variant's tag. */
function fieldsOf(r) {
  const names = r.fields.filter((x) => !omitted(x)).map((x) => fieldName(x.name))
  if (r.variant_of) names.unshift(unionByName.get(r.variant_of).tag)
  return names
}

// A record's methods beside its fields (`stop` of MockServer).
const recordMethods = manifest.extras.node.record_methods || {}

function checkRecord(r) {
  const name = nodeName(r)
  const s = declared(name, ts.SymbolFlags.Interface)
  assert.ok(s, `interface ${name} is not declared in cobro.d.ts`)
  const type = checker.getDeclaredTypeOfSymbol(s)
  const methods = recordMethods[r.name] || []
  const props = checker.getPropertiesOfType(type).filter((p) => !methods.includes(p.name))
  assert.deepEqual(props.map((p) => p.name).sort(), fieldsOf(r).sort(), `${name}: members`)
  for (const m of methods) {
    const method = checker.getPropertyOfType(type, m)
    assert.ok(method && method.flags & ts.SymbolFlags.Method, `${name}.${m}() is declared`)
  }
  for (const field of r.fields.filter((x) => !omitted(x))) {
    const p = props.find((x) => x.name === fieldName(field.name))
    const t = typeOf(p)
    const nullable = t.isUnion() && t.types.some((x) => x.flags & ts.TypeFlags.Null)
    assert.equal(nullable, field.type.endsWith('?'), `${name}.${field.name}: ${show(t)} is null exactly when ${field.type} is optional`)
    checkType(t, field.type, `${name}.${field.name}`)
  }
  if (r.variant_of) {
    const u = unionByName.get(r.variant_of)
    const tag = props.find((p) => p.name === u.tag)
    const want = u.variants.find((v) => v.record === r.name).tag
    assert.deepEqual(literals(typeOf(tag)), [want], `${name}.${u.tag} is '${want}'`)
  }
}

function checkUnion(u) {
  const s = declared(u.name, ts.SymbolFlags.TypeAlias)
  assert.ok(s, `type ${u.name} is not declared in cobro.d.ts`)
  const type = checker.getDeclaredTypeOfSymbol(s)
  const variants = type.isUnion() ? type.types : [type]
  assert.deepEqual(
    variants.map(typeName).sort(),
    u.variants.map((v) => nodeName(recordByName.get(v.record)).split('.').pop()).sort(),
    `${u.name}: its variants`,
  )
}

/** The declared type of a function's argument (a parameter or an options key). */
function argType(f, a) {
  const name = nodeName(f, 'camel')
  const s = declared(name, ts.SymbolFlags.Function)
  assert.ok(s, `${name} is not declared in cobro.d.ts`)
  const [signature] = checker.getSignaturesOfType(typeOf(s), ts.SignatureKind.Call)
  const args = argsOf(f)
  const at = args.indexOf(a)
  const param = signature.parameters[Math.min(at, f.positional)]
  assert.ok(param, `${name}: no parameter for ${a.name}`)
  if (at < f.positional) return typeOf(param)
  const options = checker.getNonNullableType(typeOf(param))
  const key = checker.getPropertyOfType(options, camel(a.name))
  assert.ok(key, `${name}: no option ${camel(a.name)}`)
  return typeOf(key)
}

/**
 * Every place (an argument, an option, a field) the manifest gives the enum's type. In an
 * item still to change, a place not declared yet is that item's check, not this one's.
 */
function checkEnum(e) {
  let uses = 0
  const typed = (token) => base(token).name === e.name
  for (const f of functions.filter((x) => !missing(x))) {
    for (const a of argsOf(f).filter((x) => typed(x.type))) {
      let type
      try {
        type = argType(f, a)
      } catch (err) {
        if (marker(f) !== null) continue
        throw err
      }
      checkType(type, a.type, `${nodeName(f, 'camel')}(${a.name})`)
      uses++
    }
  }
  for (const r of records.filter((x) => !missing(x))) {
    const s = declared(nodeName(r), ts.SymbolFlags.Interface)
    for (const field of r.fields.filter((x) => !omitted(x) && typed(x.type))) {
      assert.ok(s, `interface ${nodeName(r)} is not declared in cobro.d.ts`)
      const p = checker.getPropertyOfType(checker.getDeclaredTypeOfSymbol(s), fieldName(field.name))
      assert.ok(p, `${nodeName(r)}.${fieldName(field.name)} is not declared`)
      checkType(typeOf(p), field.type, `${nodeName(r)}.${field.name}`)
      uses++
    }
  }
  assert.ok(uses > 0, `no argument or field of type ${e.name} is declared`)
}

function checkError(e) {
  const name = nodeName(e)
  const Class = cobro[name]
  assert.equal(typeof Class, 'function', `${name} is not exported`)
  assert.ok(Class.prototype instanceof (e.base ? cobro[e.base] : Error), `${name} extends ${e.base || 'Error'}`)
  const s = declared(name, ts.SymbolFlags.Class)
  assert.ok(s, `class ${name} is not declared in cobro.d.ts`)
  const own = checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(s))
    .filter((p) => p.declarations.some((d) => !d.getSourceFile().hasNoDefaultLib))
    .map((p) => p.name)
  const fields = (typeof node(e) === 'object' && node(e).fields) || e.fields
  assert.deepEqual(own.sort(), [...fields].sort(), `${name}: its fields`)
}

// ---- the tests ----

// The namespaces of the package: the module attributes that are objects of functions.
const NAMESPACES = ['documents', 'mock']

const expectedExports = () => {
  const top = new Set(manifest.extras.node.module_attributes)
  const inside = new Map(NAMESPACES.map((n) => [n, new Set()]))
  for (const f of functions) {
    const [first, second] = nodeName(f, 'camel').split('.')
    if (second === undefined) top.add(first)
    else if (inside.has(first)) inside.get(first).add(second)
    else assert.fail(`${f.name}: no namespace ${first}`)
  }
  for (const e of errorClasses) top.add(nodeName(e))
  return { top, inside }
}

test('every export of cobro and of its namespaces is in the manifest, and each function there', () => {
  const { top, inside } = expectedExports()
  assert.deepEqual(Object.keys(cobro).filter((k) => !top.has(k)), [])
  for (const [space, names] of inside) {
    assert.ok(manifest.extras.node.module_attributes.includes(space), `${space} is a module attribute`)
    assert.deepEqual(Object.keys(cobro[space]).filter((k) => !names.has(k)), [], space)
    assert.deepEqual([...names].filter((k) => typeof cobro[space][k] !== 'function'), [], space)
  }
  for (const r of manifest.removed.filter((x) => x.languages.includes('node'))) {
    assert.ok(!(r.name in cobro), `${r.name} was removed: ${r.why}`)
  }
})

test('import("cobro") exports the names of require("cobro")', async () => {
  const esm = await import('cobro')
  assert.deepEqual(Object.keys(esm).filter((k) => k !== 'default').sort(), Object.keys(cobro).sort())
  assert.equal(esm.default, cobro)
  for (const name of Object.keys(cobro)) assert.equal(esm[name], cobro[name], name)
})

test('functions', async (t) => {
  for (const f of functions) await itemTest(t, nodeName(f, 'camel'), f, () => checkFunction(f))
})

test('records', async (t) => {
  for (const r of records) await itemTest(t, nodeName(r), r, () => checkRecord(r))
})

test("each record field's Node name is the one mapping's, the name Kotlin has", () => {
  const mapping = new Map(require('../index.js').keyNames())
  let described = 0
  for (const r of records) {
    for (const field of r.fields.filter((x) => !omitted(x))) {
      if (!mapping.has(field.name)) continue
      assert.equal(fieldName(field.name), mapping.get(field.name), `${r.name}.${field.name}`)
      described++
    }
  }
  assert.ok(described > 100)
})

test('unions', async (t) => {
  for (const u of manifest.unions.filter((x) => !omitted(x))) await itemTest(t, u.name, u, () => checkUnion(u))
})

test('enums', async (t) => {
  for (const e of enumByName.values()) await itemTest(t, e.name, e, () => checkEnum(e))
})

test('error classes', async (t) => {
  for (const e of errorClasses) await itemTest(t, nodeName(e), e, () => checkError(e))
})

test('argument errors', async (t) => {
  const raises = (code, call) => assert.throws(call, (e) => e instanceof cobro.SigningError && e.code === code)
  const probes = {
    ERR_INVALID_ARGUMENT: () => {
      // Functions still to change are probed by their own check, in their new shape.
      for (const f of functions.filter((x) => marker(x) === null)) {
        for (const a of argsOf(f).filter((x) => CHOICES.has(x.type))) {
          raises('ERR_INVALID_ARGUMENT', () => callWith(f, { [a.name]: 'no-such-name' }))
        }
      }
    },
    ERR_OUT_OF_RANGE: () => {
      raises('ERR_OUT_OF_RANGE', () => cobro.validate('payin', '{}', { maxBytes: -1 }))
      raises('ERR_OUT_OF_RANGE', () => cobro.parse('payin-response', '{}', { httpStatus: 65536 }))
      raises('ERR_OUT_OF_RANGE', () => cobro.payinState(2n ** 70n))
      raises('ERR_OUT_OF_RANGE', () => cobro.payinTransition('-99999999999999999999', 1))
      raises('ERR_OUT_OF_RANGE', () => cobro.virtualAccountMessage({ timestamp: 2 ** 64, apiKey: 'k' }))
      assert.throws(() => cobro.parse('payin-response', '{}', { httpStatus: 1.5 }), TypeError)
    },
  }
  for (const a of manifest.argument_errors) {
    if (!a.code || !probes[a.code]) continue
    await itemTest(t, a.case, a, probes[a.code])
  }
})

test("every code a function or an error class names is in codes() with that class", () => {
  const classes = new Map(cobro.codes().map((c) => [c.code, c.classes]))
  const wrong = []
  const expect = (where, cls, code) => {
    if (!(classes.get(code) || []).includes(cls)) wrong.push(`${where}: ${code} (${cls})`)
  }
  for (const f of functions) for (const e of f.errors) for (const code of e.codes) expect(f.name, e.class, code)
  for (const e of errorClasses) for (const code of e.codes || []) expect(e.name, e.name, code)
  for (const a of manifest.argument_errors) if (a.code && a.class && !a.status) expect(a.case, a.class, a.code)
  assert.deepEqual(wrong, [])
})

test('the request types of the manifest are the types of cobro.d.ts, and Issue.code is IssueCode', () => {
  const section = manifest.requests
  const codes = cobro.codes().filter((c) => c.classes.includes('report')).map((c) => c.code)
  const issueCode = declared(section.issue_code.name, ts.SymbolFlags.TypeAlias)
  assert.ok(issueCode, `type ${section.issue_code.name} is not declared in cobro.d.ts`)
  assert.deepEqual(literals(checker.getDeclaredTypeOfSymbol(issueCode)), [...codes].sort())
  const issue = checker.getDeclaredTypeOfSymbol(declared('Issue', ts.SymbolFlags.Interface))
  assert.equal(typeName(typeOf(checker.getPropertyOfType(issue, 'code'))), section.issue_code.name)
  for (const t of section.types) {
    if (t.keys) {
      const s = declared(t.name, ts.SymbolFlags.Interface)
      assert.ok(s, `interface ${t.name} is not declared in cobro.d.ts`)
      const props = checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(s))
      assert.deepEqual(props.map((p) => p.name), t.keys.map((k) => k.name), `${t.name}: keys`)
      for (const k of t.keys) {
        const p = props.find((x) => x.name === k.name)
        assert.equal(optionalProperty(p), !k.required, `${t.name}.${k.name} is optional exactly when not required`)
      }
    } else {
      const s = declared(t.name, ts.SymbolFlags.TypeAlias)
      assert.ok(s, `type ${t.name} is not declared in cobro.d.ts`)
      const type = checker.getDeclaredTypeOfSymbol(s)
      if (t.alias === 'values') assert.deepEqual(literals(type), [...t.values].sort(), t.name)
      else assert.ok(checker.getIndexTypeOfType(type, ts.IndexKind.String), `${t.name} is a map`)
    }
  }
})
