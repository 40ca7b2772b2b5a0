#!/usr/bin/env node
'use strict'
// `cobro-mock`: runs the provider's local stand-in until Ctrl-C (or SIGTERM), as `cobro
// mock` does. The first line printed names the address; keys come from the environment
// (COBRO_VA_SECRET, COBRO_PAYIN_KEY), never from the command line, where any user of the
// machine could read them, and are never printed.
const { parseArgs } = require('node:util')
const native = require('./index.js')
const cobro = require('./cobro.js')
const { banner } = require('./mock.js')

const USAGE = `Usage: cobro-mock [--port N] [--host ADDRESS] [--config FILE] [--merchant-id ID]
       [--api-key KEY] [--webhook-url URL] [--subscription-webhook-url URL]
       [--deposit-webhook-url URL] [--webhook-ca FILE] [--clock-offset SECONDS]
       [--auto-pay SECONDS]
Runs the payment provider's local stand-in until Ctrl-C.`

function main(argv) {
  const { port, vaSecretVariable, payinKeyVariable } = native.mockCommandDefaults()
  const text = { type: 'string' }
  const { values } = parseArgs({
    args: argv,
    options: {
      port: text, host: text, config: text, 'merchant-id': text, 'api-key': text, 'webhook-url': text,
      'subscription-webhook-url': text, 'deposit-webhook-url': text, 'webhook-ca': text, 'clock-offset': text, 'auto-pay': text, help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  // Numbers as JS reads them: the mock refuses what is not a whole number in range.
  const number = (v) => (v === undefined ? undefined : Number(v))
  const options = {
    port: values.port === undefined ? port : number(values.port),
    host: values.host,
    config: values.config,
    merchantId: values['merchant-id'],
    apiKey: values['api-key'],
    webhookUrl: values['webhook-url'],
    subscriptionWebhookUrl: values['subscription-webhook-url'],
    depositWebhookUrl: values['deposit-webhook-url'],
    webhookCa: values['webhook-ca'],
    clockOffset: number(values['clock-offset']),
    autoPay: number(values['auto-pay']),
  }
  if (values.config === undefined) {
    options.vaSecret = process.env[vaSecretVariable]
    options.payinKey = process.env[payinKeyVariable]
  }
  // The handlers first: a Ctrl-C right after the banner must stop the mock, not kill
  // the process before they are there.
  let server = null
  // The mock runs on a thread of its own, which does not keep Node's event loop alive.
  const alive = setInterval(() => {}, 1 << 30)
  const stop = () => {
    clearInterval(alive)
    if (server !== null) server.stop()
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    server = cobro.mock.start(options)
  } catch (e) {
    stop()
    process.removeListener('SIGINT', stop)
    process.removeListener('SIGTERM', stop)
    throw e
  }
  console.log(banner(server).join('\n'))
  return 0
}

try {
  process.exitCode = main(process.argv.slice(2))
} catch (e) {
  process.stderr.write(`error: ${e.message}\n`)
  process.exitCode = 2
}
