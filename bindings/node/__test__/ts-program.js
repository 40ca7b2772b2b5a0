'use strict'
// The TypeScript program the type tests read the package's declarations with: strict,
// Node's module resolution and the Node types of the package's dev dependencies.
const path = require('node:path')
const ts = require('typescript')

const PACKAGE = path.join(__dirname, '..')

/** A type-checked program of `files`. */
function program(files) {
  return ts.createProgram(files, {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: ['node'],
    typeRoots: [path.join(PACKAGE, 'node_modules', '@types')],
    skipLibCheck: true,
  })
}

module.exports = { program }
