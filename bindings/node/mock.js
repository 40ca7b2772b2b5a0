'use strict'
// `mock.start`: the provider's local stand-in (crates/cobro-mock, what `cobro mock`
// runs) started in this process, on a thread of its own, for a shop's tests. The addon
// starts it (src/mock.rs `mockStart`, every rule cobro_mock's) and hands back a handle;
// this module wraps it in a `MockServer`.
//
// A running mock is stopped by `stop()` only: each running one's handle is kept here
// until then, so the garbage collector never stops a mock a test still sends to, as
// `http.Server` keeps listening until `close()`. Unlike a server of `node:http`, it
// does not keep the process alive: a test run that forgets `stop()` still ends.
const util = require('node:util')
const native = require('./index.js')
const errors = require('./errors.js')

const running = new Set()
const banners = new WeakMap()

/** A running mock: `url`, and its (first) merchant's `merchantId` and `apiKey`. */
class MockServer {
  #handle

  constructor(started) {
    this.url = started.url
    this.merchantId = started.merchantId
    this.apiKey = started.apiKey
    this.#handle = started.handle
    running.add(started.handle)
    banners.set(this, started.banner)
    Object.freeze(this)
  }

  /** Stops the mock and waits for its thread (a few seconds at most for requests under way); again, nothing. */
  stop() {
    const handle = this.#handle
    if (handle === null) return
    this.#handle = null
    running.delete(handle)
    try {
      native.mockStop(handle)
    } catch (e) {
      throw errors.translate(e)
    }
  }

  // No key, and not the API key either: what is inspected ends up in logs.
  [util.inspect.custom](depth, options, inspect) {
    return `MockServer ${inspect({ url: this.url, merchantId: this.merchantId, running: this.#handle !== null }, options)}`
  }
}

/** Starts the mock (see cobro.d.ts `mock.start`) and returns its `MockServer` once it listens. */
function start(options) {
  let started
  try {
    started = native.mockStart(options)
  } catch (e) {
    throw errors.translate(e)
  }
  return new MockServer(started)
}

/** What the `cobro-mock` command prints once `server` listens, the address first. */
function banner(server) {
  return banners.get(server) || []
}

module.exports = { start, banner }
