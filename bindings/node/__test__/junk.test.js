'use strict'
// Robustness over every entry point (STYLE.md 10, DESIGN.md 8): every function the
// package exports, found by listing the module (Object.keys, namespaces included), not
// by hand, gets junk in every argument and in every field of its option objects. Each
// call returns or throws one of the documented classes (the CobroError family, or a
// TypeError for a wrong argument type), and the process survives. Keys never show: not
// in what a call returns, nor in any error's message, stack, util.inspect,
// JSON.stringify or String, wrong-argument errors included.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const util = require('node:util')
const cobro = require('../cobro.js')

const { exportedFunctions } = require('./exported.js')

const FUNCTIONS = exportedFunctions(cobro)

/** `result`, stopped first when the call started something (`mock.start`'s server). */
function stopped(result) {
  if (result !== null && typeof result === 'object' && typeof result.stop === 'function') result.stop()
  return result
}

function deepObject(levels) {
  const root = {}
  let at = root
  for (let i = 0; i < levels; i++) {
    at.x = {}
    at = at.x
  }
  return root
}
function deepArray(levels) {
  const root = []
  let at = root
  for (let i = 0; i < levels; i++) {
    const next = []
    at.push(next)
    at = next
  }
  return root
}
const cyclic = { payinMerchantID: 1 }
cyclic.self = cyclic
const cyclicArray = [1]
cyclicArray.push(cyclicArray)
const throwingGetter = Object.defineProperty({}, 'payinAmount', { enumerable: true, get() { throw new Error('getter threw') } })
const throwingProxy = new Proxy({}, { ownKeys() { throw new Error('trap threw') }, get() { throw new Error('trap threw') } })
const HUGE = 'x'.repeat(2 * 1024 * 1024 + 1)

const JUNK = [
  undefined, null, true, 0, -1, 1.5, 0.1 + 0.2, 2 ** 53 + 2, 1e21, Infinity, -Infinity, NaN, -0,
  '', ' ', '😀', '\u0000', 'a\u0000b', '\uD800', '¹²³', '1e400', '{}', '[]', 'null', HUGE,
  '['.repeat(10000), '{"a":'.repeat(10000), Buffer.from([0xff, 0xfe, 0xfd]), new Uint8Array([0xc3, 0x28]),
  Buffer.alloc(0), new ArrayBuffer(8), new Float64Array(2), deepObject(10000), deepArray(10000),
  cyclic, cyclicArray, throwingGetter, throwingProxy, Object.create(null), {}, [], [undefined, () => 1],
  Symbol('junk'), 10n, -(2n ** 63n), 2n ** 64n, 10n ** 40n, () => 1, new Date(0), /re/, new Map([[1, 2]]),
  new Error('an error'), Promise.resolve(1),
]

/** An options object whose every field (whatever its name) holds `j`. */
const everyField = (j) => new Proxy({}, { get: (_, k) => (typeof k === 'string' ? j : undefined), has: () => true })

/** Valid-looking leading arguments, so junk reaches the later positions too. */
const LEADS = [[], ['payin'], ['subscription'], ['payin-response'], ['virtual-account-response'], ['PE'], ['PE', 'RUC'], ['{}']]

function documented(e) {
  return e instanceof cobro.CobroError || e instanceof TypeError || e instanceof RangeError
}

/** Every textual form of a thrown value a program might log. */
function shown(e) {
  const forms = [String(e), util.inspect(e, { depth: 5 })]
  try {
    forms.push(JSON.stringify(e) ?? '')
  } catch {
    // e.g. a report holding a bigint: nothing to show
  }
  if (e instanceof Error) forms.push(e.message, e.stack ?? '')
  return forms.join('\n')
}

test('every export takes junk in every argument and option field: documented errors only', () => {
  assert.ok(FUNCTIONS.length >= 28, FUNCTIONS.map(([n]) => n).join())
  const seen = new Map()
  for (const [name, f] of FUNCTIONS) {
    for (const lead of LEADS) {
      for (const j of JUNK) {
        for (const args of [[...lead, j], [...lead, j, j], [...lead, '{}', j], [...lead, '{}', everyField(j)], [...lead, everyField(j)]]) {
          try {
            stopped(f(...args))
          } catch (e) {
            if (!documented(e)) assert.fail(`${name}(${util.inspect(args, { depth: 0 }).slice(0, 200)}) threw ${util.inspect(e)}`)
            seen.set(e.constructor.name, (seen.get(e.constructor.name) || 0) + 1)
          }
        }
      }
    }
  }
  assert.ok(seen.get('TypeError') > 0 && seen.get('SigningError') > 0 && seen.get('ParseError') > 0, util.inspect(seen))
})

test('an exception thrown while reading an argument becomes a TypeError with it as cause', () => {
  for (const [name, call] of [
    ['validate', () => cobro.validate('payin', throwingGetter)],
    ['validate options', () => cobro.validate('payin', '{}', { get key() { throw new Error('getter threw') } })],
    ['payinVerification', () => cobro.payinVerification(throwingProxy)],
  ]) {
    assert.throws(call, (e) => e instanceof TypeError && e.cause instanceof Error && /threw/.test(e.cause.message), name)
  }
})

test('hostile bodies get the core report, never a hang or a crash', () => {
  const code = (body) => cobro.validate('payin', body).errors[0].code
  assert.equal(code(deepObject(10000)), 'ERR_NESTING_TOO_DEEP')
  assert.equal(code(deepArray(10000)), 'ERR_NESTING_TOO_DEEP')
  assert.equal(code(cyclic), 'ERR_NESTING_TOO_DEEP')
  assert.equal(code('['.repeat(10000)), 'ERR_NESTING_TOO_DEEP')
  assert.equal(code(HUGE), 'ERR_BODY_TOO_LARGE')
  assert.equal(code(Buffer.from([0x7b, 0xff, 0x7d])), 'ERR_INVALID_UTF8')
  assert.equal(code('{"a": 1e400}'.replace('1e400', '1'.repeat(500))) !== undefined, true)
  const wide = { payinMerchantID: 1 }
  for (let i = 0; i < 200000; i++) wide[`k${i}`] = i
  assert.equal(code(wide), 'ERR_BODY_TOO_LARGE')
})

// ---- secrets ----

const SECRET = 'fake-Sekr3t-never-shown'
const NUMERIC_SECRET = 48151623424816
/** Keys in every form a caller might pass by mistake, valid or not. */
const KEYS = [
  SECRET, ` ${SECRET}`, `${SECRET}\n`, `${SECRET}\u0000`, NUMERIC_SECRET, BigInt(NUMERIC_SECRET), { key: SECRET },
  [SECRET], Buffer.from(SECRET), new String(SECRET), Symbol(SECRET), { toString: () => SECRET },
]
const secretTexts = [SECRET, String(NUMERIC_SECRET), Buffer.from(SECRET).toString('hex'), [...Buffer.from(SECRET)].join(',')]

/** Whether `text` shows any form of the secret. */
const leaks = (text) => secretTexts.some((s) => text.includes(s))

/** Argument objects for a function, with the key in the fields that hold keys and junk elsewhere. */
function withKey(key, j) {
  return new Proxy({}, {
    get: (_, k) => (typeof k !== 'string' ? undefined : /key|secret/i.test(k) ? key : j),
    has: () => true,
  })
}

test('keys never show in results or errors of any export, wrong argument types included', () => {
  const others = [undefined, 'PEN', 1700000000, 674, '150.00', '{}', { 'X-Api-Key': 'a' }, 'OWNER', Symbol('s')]
  const valid = {
    merchantId: 674, operationNumber: 'ORDER-1', amount: '150.00', currency: 'PEN', type: 'ON_DEMAND',
    customerId: '1', processorCode: 'Wallet_on_file', apiKey: 'fake-api-key', depositMode: 'OWNER',
    timestamp: 1700000000, now: 1700000000, headers: { 'X-Timestamp': '1' }, today: '2030-01-31',
  }
  let calls = 0
  let threw = 0
  for (const [name, f] of FUNCTIONS) {
    for (const key of KEYS) {
      const argSets = [
        ...others.map((j) => [withKey(key, j)]),
        ...others.map((j) => ['{}', withKey(key, j)]),
        ...others.map((j) => ['payin', '{}', withKey(key, j)]),
        [{ ...valid, key, secret: key }],
        ['{}', { ...valid, key, secret: key }],
        ['payin', '{"payinVerification": "00"}', { key }],
      ]
      for (const args of argSets) {
        calls++
        let result
        try {
          result = stopped(f(...args))
        } catch (e) {
          threw++
          assert.ok(documented(e), `${name}: ${util.inspect(e)}`)
          assert.ok(!leaks(shown(e)), `${name} showed the key: ${shown(e).slice(0, 400)}`)
          if (e instanceof Error && e.cause !== undefined) assert.ok(!leaks(shown(e.cause)), name)
          continue
        }
        // virtualAccountMessage takes no secret: it returns the signed text, which holds
        // the API key (a public identifier, spec 5.1) that `withKey` filled with the key.
        if (name === 'virtualAccountMessage') continue
        const text = typeof result === 'string' ? result : util.inspect(result, { depth: 10 })
        assert.ok(!leaks(text), `${name} returned the key`)
      }
    }
  }
  assert.ok(calls > 3000 && threw > 1000, `${calls} calls, ${threw} threw`)
})

test('a valid key signs, and the key is in no error of a wrong call', () => {
  const args = { merchantId: 674, operationNumber: 'ORDER-1', amount: '150.00', currency: 'PEN', key: SECRET }
  assert.match(cobro.payinVerification(args), /^[0-9a-f]{128}$/)
  for (const key of [` ${SECRET}`, `${SECRET} `, '']) {
    assert.throws(() => cobro.payinVerification({ ...args, key }), (e) => e instanceof cobro.SigningError && !leaks(shown(e)))
  }
  assert.throws(() => cobro.verifyPayinNotification('{}', { key: NUMERIC_SECRET }), (e) => e instanceof TypeError && !leaks(shown(e)))
  assert.throws(() => cobro.virtualAccountSignature({ apiKey: 'a', secret: Buffer.from(SECRET) }), (e) => e instanceof TypeError && !leaks(shown(e)))
})

// ---- options objects ----

// The generated declarations, then the hand-written ones of cobro.d.ts (`codes`).
const DECLARATIONS = ['index.d.ts', 'cobro.d.ts'].map((f) => fs.readFileSync(path.join(__dirname, '..', f), 'utf8')).join('\n')

/** The keys of the interface `name` declared in index.d.ts. */
function interfaceKeys(name) {
  const body = new RegExp(`export interface ${name} \\{([^]*?)\\n\\}`).exec(DECLARATIONS)
  assert.ok(body, `interface ${name}`)
  return [...body[1].matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1])
}

/**
 * Every exported function with an options object, found by listing the exports: the
 * position and interface of each parameter whose declared type is an interface, from the
 * declaration of the same name in index.d.ts (or cobro.d.ts), with valid-looking arguments before it.
 */
function optionParameters() {
  const out = []
  for (const [name, f] of FUNCTIONS) {
    const parts = name.split('.')
    const scope = parts.length === 1
      ? DECLARATIONS
      : new RegExp(`export declare namespace ${parts[0]} \\{([^]*?)\\n\\}`).exec(DECLARATIONS)[1]
    const declared = new RegExp(`^\\s*export (?:declare )?function ${parts.at(-1)}\\((.*)\\):`, 'm').exec(scope)
    assert.ok(declared, `the declaration of ${name}`)
    const params = declared[1] === '' ? [] : declared[1].split(/, (?=\w+\??: )/).map((p) => /^(\w+)\??: (.*)$/.exec(p))
    params.forEach((m, at) => {
      const type = /^(\w+(?:Options|Args))\b/.exec(m[2])
      if (!type) return
      const lead = params.slice(0, at).map(([, , t]) => {
        if (t.includes('DocumentName')) return 'payin-notification'
        if (t.startsWith("'")) return t.slice(1, t.indexOf("'", 1))
        return t.startsWith('Record<') ? {} : '{}'
      })
      out.push({ name, f, lead, param: m[1], type: type[1] })
    })
  }
  return out
}

test('every options object refuses a key it does not declare and a value that is not an object, naming the key only', () => {
  const found = optionParameters()
  const names = found.map((o) => o.name)
  assert.ok(found.length >= 14, names.join())
  for (const n of ['validate', 'parse', 'payinVerification', 'preparePayin', 'verifyPayinNotification', 'virtualAccountHeaders']) {
    assert.ok(names.includes(n), `${n} among ${names}`)
  }
  const VALUE = 'fake-value-never-shown'
  for (const { name, f, lead, param, type } of found) {
    const keys = interfaceKeys(type)
    assert.ok(keys.length > 0, type)
    for (const unknown of ['notAnOption', keys[0].toUpperCase(), `${keys[0]}s`]) {
      assert.throws(() => f(...lead, { [unknown]: VALUE }), (e) => e instanceof TypeError && e.message.includes(`"${unknown}"`) && !e.message.includes(VALUE), `${name} ${unknown}`)
      // Next to every declared key, an unknown one is still refused.
      const full = Object.fromEntries(keys.map((k) => [k, undefined]))
      assert.throws(() => f(...lead, { ...full, [unknown]: VALUE }), (e) => e instanceof TypeError && e.message.includes(`"${unknown}"`), `${name} ${unknown} among the rest`)
    }
    for (const wrong of [VALUE, 42, true, 10n, Symbol(VALUE), [VALUE], () => VALUE]) {
      assert.throws(() => f(...lead, wrong), (e) => e instanceof TypeError && e.message.startsWith(`${param} must be an object`) && !shown(e).includes(VALUE), `${name} ${String(wrong)}`)
    }
    // A declared key is never the unknown one (it may be missing something else).
    for (const k of keys) {
      try {
        stopped(f(...lead, { [k]: undefined }))
      } catch (e) {
        assert.ok(!/unknown key/.test(e.message), `${name} refused its own ${k}: ${e.message}`)
      }
    }
  }
})
