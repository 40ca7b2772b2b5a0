'use strict'
// A notification endpoint in Express, with cobro: one path per kind of notification.
//
//   COBRO_PAYIN_KEY=... COBRO_ALLOW_LIST=... COBRO_STATUS_URL=http://127.0.0.1:12111 PORT=8000 node express-app.js
//
// Each delivery is judged by cobro.receiveNotification on the raw body and answered at
// once with the receipt's status; the receipt's `action` says what to do then. A pay-in
// notification's state is not signed, so the pay-in status query is asked for the state
// after answering and its answer is what the order records; the goods are released only
// when it says paid.
const express = require('express')
const cobro = require('cobro')

const KEY = process.env.COBRO_PAYIN_KEY // the pay-in key: never in code
const MERCHANT_ID = process.env.COBRO_MERCHANT_ID ?? '1234'
// The base URL of the provider's status query (cobro mock serves it on its own address).
const STATUS_URL = process.env.COBRO_STATUS_URL ?? 'http://127.0.0.1:12111'
// The provider's addresses: all that vouches for subscription webhooks and deposits.
const ALLOW_LIST = process.env.COBRO_ALLOW_LIST ? process.env.COBRO_ALLOW_LIST.split(',') : null
// Development with cobro mock only: anyone who reaches the endpoint could credit a deposit.
const TRUST_UNSIGNED = process.env.COBRO_TRUST_UNSIGNED === '1'
// A Map, not an object: a path such as /webhooks/constructor names no inherited property.
const KINDS = new Map([['payin', 'payin-notification'], ['subscription', 'subscription-webhook'], ['deposit', 'deposit-notification']])
if (!KEY) throw new Error('set COBRO_PAYIN_KEY')

// Where the merchant's database goes: orders by operation number (created at checkout),
// and the unsigned events acted on.
const orders = new Map()
const seen = new Set()
// Orders whose status query is under way, each with whether one more is wanted after it.
const asking = new Map()

/** Releases the goods: the one action that must never happen twice. */
function ship(order) {
  order.shipped += 1
}

/**
 * The order a pay-in notification is about, when its operation number, amount and
 * currency are the order's: the signature joins them with no separator, so a signed
 * text cut at other edges could name another order.
 */
function orderOf(payin) {
  const order = orders.get(payin.payinMerchantOperationNumber)
  if (order === undefined || order.amount !== payin.payinAmountTwoDecimals || order.currency !== payin.payinCurrency) return undefined
  return order
}

/** The state recorded for the order a pay-in body names, read before the body is verified only to find its row. */
function storedState(raw) {
  try {
    return orders.get(cobro.parsePayinNotification(raw).payinMerchantOperationNumber)?.state ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Asks the provider for the pay-in's state and records its answer: the notification's
 * signature does not cover the state it announced. One query per order at a time: a
 * notification that comes meanwhile asks for one more after it, so a flood of replays
 * costs one query at a time, and an older answer never lands after a newer one.
 */
async function confirm(number) {
  if (asking.has(number)) {
    asking.set(number, true)
    return
  }
  asking.set(number, false)
  try {
    do {
      asking.set(number, false)
      await ask(number)
    } while (asking.get(number))
  } finally {
    asking.delete(number)
  }
}

/** One status query for the pay-in, and its answer recorded. */
async function ask(number) {
  const query = cobro.preparePayinStatus({ merchantId: MERCHANT_ID, key: KEY, operationNumber: number })
  const answer = await fetch(STATUS_URL + query.path, {
    method: query.method, headers: query.headers, body: query.body, signal: AbortSignal.timeout(10_000),
  })
  const status = cobro.parsePayinStatus(Buffer.from(await answer.arrayBuffer()))
  for (const operation of status.operations) {
    if (operation.payinMerchantOperationNumber !== number) continue
    const order = orders.get(number)
    order.state = operation.payinStateId // the provider's record, as storedState takes it
    if (operation.state?.paid && order.shipped === 0) ship(order)
  }
}

/** What the receipt lets the merchant do, after the answer is sent (a real shop hands it to its job queue). */
function act(receipt) {
  if (receipt.action === 'act' && !seen.has(receipt.idempotencyKey)) {
    seen.add(receipt.idempotencyKey) // record the subscription or credit the deposit here
    console.log(`acted on a ${receipt.kind}`)
  } else if (receipt.action === 'confirm' && receipt.payin !== null) {
    if (orderOf(receipt.payin) === undefined) {
      console.warn('a pay-in notification that matches no order: nothing done')
    } else {
      const number = receipt.payin.payinMerchantOperationNumber
      setImmediate(() => confirm(number).catch((e) => console.error('confirmation failed:', e.message)))
    }
  }
}

/** The checkout's step: the order a pay-in is created for, with its amount (two decimals, as the pay-in was created) and currency. */
function createOrder(number, given) {
  if (typeof given?.amount !== 'string' || !/^(0|[1-9][0-9]*)\.[0-9]{2}$/.test(given.amount) || typeof given.currency !== 'string') return undefined
  if (!orders.has(number)) orders.set(number, { amount: given.amount, currency: given.currency, state: null, shipped: 0 })
  return orders.get(number)
}

const app = express()

// express.raw keeps the body as bytes, whatever Content-Type came (or none).
app.post('/webhooks/:kind', express.raw({ type: () => true }), (req, res) => {
  const kind = KINDS.get(req.params.kind)
  if (kind === undefined) return res.sendStatus(404)
  // The bytes the signature covers, not a re-serialised body.
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
  const receipt = cobro.receiveNotification(kind, raw, {
    key: KEY,
    // undefined when the connection was reset before it was read: refused when
    // ALLOW_LIST is given.
    peer: req.socket.remoteAddress,
    allowList: ALLOW_LIST,
    storedState: kind === 'payin-notification' ? storedState(raw) : undefined,
    merchantId: MERCHANT_ID,
    trustUnsigned: TRUST_UNSIGNED,
  })
  res.sendStatus(receipt.httpStatus)
  act(receipt)
})

app.put('/orders/:number', express.json(), (req, res) => {
  const order = createOrder(req.params.number, req.body)
  if (order === undefined) return res.sendStatus(400)
  res.json(order)
})

app.get('/orders/:number', (req, res) => {
  const order = orders.get(req.params.number)
  if (order === undefined) return res.sendStatus(404)
  res.json(order)
})

// Whatever fails answers a bare status: no stack trace or file path reaches a client.
app.use((err, req, res, next) => {
  res.sendStatus(Number.isInteger(err.status) && err.status >= 400 && err.status < 600 ? err.status : 500)
})

const server = app.listen(Number(process.env.PORT ?? 8000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`)
})
