#!/usr/bin/env node
'use strict'
// `cobro` (`npx cobro listen ...`, `npx cobro check-webhook ...`, every other subcommand):
// the command with its options and output, run by the addon's own copy of the code the
// command runs, so no Rust toolchain is needed. `npx cobro --help` lists the subcommands.
const native = require('./index.js')

const args = process.argv.slice(2)
// `listen` and `mock` stop cleanly on Ctrl-C (or SIGTERM) by their own handler, which
// passes the signal on to the one it replaced: Node's default one would end the process
// before they stop (and, raising the signal again, never return). Node's is swapped for
// an inert one while they run; every other subcommand keeps Node's, so Ctrl-C ends it.
if (args[0] === 'listen' || args[0] === 'mock') {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {})
}
// The command holds this thread until it ends; the exit code is the command's.
process.exitCode = native.runCommand(['cobro', ...args])
