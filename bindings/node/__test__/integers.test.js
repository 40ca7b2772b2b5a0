'use strict'
// Integers beyond 2^32 and 2^53 in parsed values: every field the core holds as a 64-bit
// integer (ids, codes, display orders) is a decimal string, exact to the last digit and
// kept by JSON.stringify; beyond 64 bits the core refuses the value (ParseError). And
// bigints in object bodies reach the core as their exact digits.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')

const WIDE = ['4294967297', '9007199254740993', '9223372036854775807']

test('subscription ids beyond 2^32 and 2^53 are exact strings (number or string on the wire)', () => {
  for (const id of WIDE) {
    for (const wire of [id, JSON.stringify(id)]) {
      const created = cobro.parseSubscriptionResponse(`{"subscriptionId":${wire},"status":"PENDING","deepLink":""}`)
      assert.equal(created.subscriptionId, id)
      assert.equal(JSON.parse(JSON.stringify(created)).subscriptionId, id)
      const webhook = cobro.parseSubscriptionWebhook(`{"subscriptionId":${wire},"chargeType":"ON_DEMAND",` +
        '"customerId":"900000001","originType":"WEB","statusDescription":"ok"}')
      assert.equal(webhook.subscriptionId, id)
    }
  }
  assert.throws(() => cobro.parseSubscriptionResponse('{"subscriptionId":9223372036854775808,"status":"PENDING"}'),
    (e) => e instanceof cobro.ParseError && e.code === 'ERR_INVALID_VALUE' && e.path === 'subscriptionId')
})

test('payinStateID and the deposit status code are exact strings', () => {
  const notification = (id) => JSON.stringify({
    payinStateID: id, payinMerchantID: '1001', payinAmount: '30.00', payinCurrency: 'PEN',
    payinMerchantOperationNumber: 'TEST-1',
  })
  for (const id of WIDE) {
    const n = cobro.parsePayinNotification(notification(id))
    assert.equal(n.payinStateId, id)
    assert.equal(n.state, null)
    assert.equal(cobro.payinState(n.payinStateId), null)
  }
  const paid = cobro.parsePayinNotification(notification(5))
  assert.equal(paid.payinStateId, '5')
  assert.equal(paid.state.id, '5')
  assert.deepEqual(cobro.payinState(paid.payinStateId), paid.state)
  assert.deepEqual(cobro.payinState(5n), paid.state)
  assert.deepEqual(cobro.payinState(5), paid.state)
  // Beyond 64 bits is no state id at all: the core's argument error, whatever the form.
  for (const wide of [2n ** 70n, -(2n ** 64n), '99999999999999999999', 2 ** 64]) {
    assert.throws(() => cobro.payinState(wide), (e) => e instanceof cobro.SigningError && e.code === 'ERR_OUT_OF_RANGE')
  }
  // A whole JS number past the safe integers is still that exact whole number.
  assert.equal(cobro.payinState(2 ** 60), null)
  for (const bad of ['5.0', '', 'five', 5.5, NaN, Infinity]) assert.throws(() => cobro.payinState(bad), TypeError)

  const deposit = (code) => `{"operationId":"1","status":{"code":${code},"description":"x"},"merchantId":"1",` +
    '"amount":"1.00","currency":"PEN","payinMethod":"VA","depositDetails":{"account":{"id":"a","number":"1"},' +
    '"owner":{"fullName":"F","documentType":"DNI","documentNumber":"1","referenceId":"r"},"depositor":{"fullName":"D"}}}'
  for (const code of WIDE) assert.equal(cobro.parseDepositNotification(deposit(code)).status.code, code)
  assert.equal(cobro.parseDepositNotification(deposit(5)).status.approved, true)
})

test('display orders of vouchers and deep links are exact strings, sorted as numbers', () => {
  // Written as text: JSON.stringify would round 9007199254740993 before the core saw it.
  const exact = '{"CashList":[' +
    '{"bankCode":"B","nroOrder":9007199254740993,"paymentMethodInstructions":[{"method":"Cash","instructions":[]}]},' +
    '{"bankCode":"A","nroOrder":"9007199254740992","paymentMethodInstructions":[{"method":"Cash","instructions":[' +
    '{"order":4294967297,"value":"second"},{"order":2,"value":"first"}]}]}]}'
  const body = JSON.stringify({
    payinErrorCode: '0000',
    experienceVoucher: {
      paymentCode: '1', status: 'PENDIENTE_PAGO', expiration: '2030-01-31 23:59:59', amount: '1.00',
      currencyCode: 'PEN', voucherConfig: exact,
    },
  })
  const answer = cobro.parsePayinResponse(body)
  assert.equal(answer.experience.kind, 'voucher')
  const entries = answer.experience.config.entries
  assert.deepEqual(entries.map((e) => [e.bankCode, e.nroOrder]), [['A', '9007199254740992'], ['B', '9007199254740993']])
  const steps = entries[0].paymentMethodInstructions[0].instructions
  assert.deepEqual(steps.map((i) => [i.order, i.value.text]), [['2', 'first'], ['4294967297', 'second']])

  const links = cobro.parsePayinResponse('{"payinErrorCode":"0000","deepLinks":[' +
    '{"processor":"P","processoCode":"Wallet_one_shot","deepLink":"https://a.example.test","order":9223372036854775807},' +
    '{"processor":"Q","processoCode":"Wallet_one_shot","deepLink":"https://b.example.test","order":9007199254740993}]}')
  assert.deepEqual(links.experience.deepLinks.map((l) => l.order), ['9007199254740993', '9223372036854775807'])
})

test('smaller integers stay numbers', () => {
  const body = JSON.stringify({
    payinErrorCode: '0000',
    experienceVoucher: {
      paymentCode: '1', status: 'PENDIENTE_PAGO', expiration: '2030-01-31 23:59:59', amount: '1.00',
      currencyCode: 'PEN', voucherConfig: JSON.stringify({ CashList: [] }),
    },
  })
  const expiration = cobro.parsePayinResponse(body).experience.voucher.expiration
  assert.deepEqual([expiration.year, expiration.month, expiration.second], [2030, 1, 59])
})

test('bigints in object bodies reach the core as their exact digits', () => {
  const text = '{"merchantId":9223372036854775807,"subscriptionDetails":{"customerId":"1"}}'
  const object = { merchantId: 9223372036854775807n, subscriptionDetails: { customerId: '1' } }
  assert.deepEqual(cobro.validate('subscription', object), cobro.validate('subscription', text))
  assert.throws(() => cobro.validate('subscription', { merchantId: 2n ** 64n }), TypeError)
})
