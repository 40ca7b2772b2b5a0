#!/usr/bin/env node
'use strict'
// Checks that the peers' schemas state the rules: each must accept the valid payloads of
// the benchmark and refuse the invalid ones (printing what it found), and edited bodies
// exercise the conditional and per-country rules one at a time (the cases of
// benches/python/check_models.py). cobro's verdict is checked on the same bodies.
//
// Run: node benches/node/check_models.js  (exit status 1 when a verdict is wrong)
const cobro = require('../../bindings/node/cobro.js')
const { VALIDATORS } = require('./schemas_ajv.js')
const { MODELS } = require('./models_zod.js')
const { payloads } = require('./payloads.js')

const TOOLS = {
  ajv: (kind, body) => (VALIDATORS[kind](body) ? [] : VALIDATORS[kind].errors.map((e) => `${e.instancePath}: ${e.message}`)),
  zod: (kind, body) => {
    const r = MODELS[kind].safeParse(body)
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  },
  cobro: (kind, body) => cobro.validate(kind, JSON.stringify(body)).errors.map((i) => `${i.path}: ${i.code}`),
}

/** A copy of `base` with the dotted `path` set to `value` (`undefined` deletes it). */
function edit(base, path, value) {
  const body = structuredClone(base)
  const parts = path.split('.')
  const last = parts.pop()
  let node = body
  for (const p of parts) node = node[p]
  if (value === undefined) delete node[last]
  else node[last] = value
  return body
}

function cases() {
  const byName = Object.fromEntries(payloads().map((p) => [p.name, p]))
  const out = Object.values(byName).map((p) => [p.name, p.kind, JSON.parse(p.text), p.valid])
  const va = JSON.parse(byName.virtual_account_valid.text)
  const sub = JSON.parse(byName.subscription_valid.text)
  const payin = JSON.parse(byName.payin_valid.text)
  const vaCompany = (extra = {}) => Object.entries(extra).reduce((b, [k, v]) => edit(b, `owner.${k}`, v), edit(va, 'owner.type', 'COMPANY'))
  const chain = (body, ...edits) => edits.reduce((b, [p, v]) => edit(b, p, v), body)
  out.push(
    ['va: COMPANY without companyName', 'virtual-account', vaCompany(), false],
    ['va: COMPANY with companyName', 'virtual-account', vaCompany({ companyName: 'Acme SAC' }), true],
    ['va: CCI account in ARG', 'virtual-account', chain(va, ['account.country', 'ARG'], ['owner.document.type', 'CUIT']), false],
    ['va: DNI in MEX', 'virtual-account', chain(va, ['account.country', 'MEX'], ['account.type', 'CLABE'], ['account.name', 'Ana Perez']), false],
    ['va: six metadata pairs', 'virtual-account', edit(va, 'metadata', Object.fromEntries([0, 1, 2, 3, 4, 5].map((i) => [`k${i}`, 'v']))), false],
    ['va: metadata key with a space', 'virtual-account', edit(va, 'metadata', { 'bad key': 'v' }), false],
    ['va: metadata value with a currency sign', 'virtual-account', edit(va, 'metadata', { price: 'S/ 10.00 €' }), true],
    ['va: metadata value with braces', 'virtual-account', edit(va, 'metadata', { k: '{x}' }), false],
    ['va: CVU name of 5 characters', 'virtual-account', edit(va, 'account.type', 'CVU'), false],
    ['sub: RECURRENT without amount', 'subscription', edit(sub, 'subscriptionDetails.amount', undefined), false],
    ['sub: ON_DEMAND without periodicity and amount', 'subscription',
      chain(sub, ['subscriptionDetails.type', 'ON_DEMAND'], ['subscriptionDetails.amount', undefined], ['subscriptionDetails.periodicity', undefined]), true],
    ['sub: amount of six integer digits', 'subscription', edit(sub, 'subscriptionDetails.amount', 123456.5), false],
    ['sub: amount 0', 'subscription', edit(sub, 'subscriptionDetails.amount', 0), false],
    ['payin: CO with a 9-digit phone', 'payin', edit(payin, 'payinCurrency', 'COP'), false],
    ['payin: PE name of 31 characters', 'payin', edit(payin, 'payinCustomerName', 'A'.repeat(31)), false],
    ['payin: MX name of 31 characters', 'payin', chain(payin, ['payinCurrency', 'MXN'], ['payinCustomerName', 'A'.repeat(31)]), true],
    ['payin: PE empty coupon', 'payin', edit(payin, 'payinDiscountCoupon', ''), false],
    ['payin: DO empty coupon', 'payin',
      chain(payin, ['payinCurrency', 'DOP'], ['payinDiscountCoupon', ''], ['payinCustomerTypeDocument', 'PP'], ['payinCustomerDocument', '123456789']), true],
    ['payin: DO CIE of 10 digits', 'payin',
      chain(payin, ['payinCurrency', 'DOP'], ['payinCustomerTypeDocument', 'CIE'], ['payinCustomerDocument', '1234567890']), false],
    ['payin: PE BankTransfer with a theme', 'payin', edit(payin, 'payinVoucherTheme', 'THEME_PE_BLUE'), true],
    ['payin: PE TC with a theme', 'payin', chain(payin, ['payinMethod', 'TC'], ['payinVoucherTheme', 'THEME_PE_BLUE']), false],
    ['payin: MX with a theme', 'payin', chain(payin, ['payinCurrency', 'MXN'], ['payinVoucherTheme', 'THEME_PE_BLUE']), false],
    ['payin: deeplink with no expiration', 'payin', chain(payin, ['payinMethod', 'BankTransfer_Deeplink'], ['payinExpirationTime', null]), false],
    ['payin: processorCode with BankTransfer', 'payin', edit(payin, 'processorCode', 'Wallet_one_shot'), false],
    ['payin: Wallet_one_shot, Wallet, MOBILE', 'payin',
      chain(payin, ['processorCode', 'Wallet_one_shot'], ['payinMethod', 'Wallet'], ['payinProductDescription', 'MOBILE']), true],
  )
  return out
}

let wrong = 0
for (const [name, kind, body, valid] of cases()) {
  for (const [tool, run] of Object.entries(TOOLS)) {
    const errors = run(kind, body)
    const ok = (errors.length === 0) === valid
    if (!ok) wrong++
    const verdict = errors.length === 0 ? 'accepts' : `refuses (${errors.length}: ${errors.slice(0, 4).join('; ')})`
    console.log(`${ok ? 'ok   ' : 'WRONG'} ${name} / ${tool}: ${verdict}`)
  }
}
console.log(wrong === 0 ? '\nevery verdict is right' : `\n${wrong} wrong verdicts`)
process.exitCode = wrong === 0 ? 0 : 1
