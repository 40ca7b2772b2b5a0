'use strict'
// The payloads of the Rust benchmark (benches/src/lib.rs) and of the Python one
// (benches/python/payloads.py): valid bodies are the repository's examples/, invalid
// ones the same bodies with the same edits, so every table measures the same bytes.
// Each invalid payload says how many problems its edits plant.
const fs = require('node:fs')
const path = require('node:path')

const EXAMPLES = path.join(__dirname, '..', '..', 'examples')

// Spec 2.3: a cancellation (no example file exists for it); the same text as lib.rs.
const SUBSCRIPTION_CANCEL = `{
  "merchantId": 1234,
  "subscriptionDetails": {
    "type": "RECURRENT",
    "customerId": "987654321",
    "processorCode": "Wallet_on_file"
  }
}
`

const read = (name) => fs.readFileSync(path.join(EXAMPLES, name), 'utf8')

/** `text` with each [from, to] replaced once; an edit that misses is an error. */
function edited(text, edits) {
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`edit not applied: ${from}`)
    text = text.replace(from, to)
  }
  return text
}

function payloads() {
  const payin = read('payin-pe-banktransfer.json')
  const subscription = read('subscription-recurrent.json')
  const p = (name, kind, text, valid, planted) => ({ name, kind, text, valid, planted })
  return [
    p('virtual_account_valid', 'virtual-account', read('virtual-account-pe.json'), true, 0),
    // document number with a hyphen, firstName missing for a PERSON, e-mail without '@',
    // a CCI account name without the dot.
    p('virtual_account_invalid', 'virtual-account', read('virtual-account-invalid.json'), false, 4),
    p('subscription_valid', 'subscription', subscription, true, 0),
    p('subscription_invalid', 'subscription',
      edited(subscription, [['"MOBILE"', '"TABLET"'], ['"1"', '"monthly"'], ['49.90', '49.999']]), false, 3),
    p('subscription_cancel_valid', 'subscription-cancel', SUBSCRIPTION_CANCEL, true, 0),
    p('subscription_cancel_invalid', 'subscription-cancel',
      edited(SUBSCRIPTION_CANCEL, [['"RECURRENT"', '"WEEKLY"'], ['"987654321"', '""']]), false, 2),
    p('payin_valid', 'payin', payin, true, 0),
    p('payin_invalid', 'payin', edited(payin, [
      ['"ana.perez@example.com"', '"ana.perez(at)example.com"'],
      ['"payinCustomerPhone": "987654321"', '"payinCustomerPhone": "98765"'],
      ['https://shop.example.com/checkout/ok', 'http://shop.example.com/checkout/ok'],
      ['"150.50",', '"150.505",'],
    ]), false, 4),
  ]
}

const KINDS = ['virtual-account', 'subscription', 'subscription-cancel', 'payin']

module.exports = { payloads, KINDS }
