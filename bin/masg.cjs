#!/usr/bin/env node
// A shim: everything, including the one place that sets the exit code, lives in the built entry.
// CommonJS, so `masg --version` (scripts and version checks run it often) answers from here
// without starting the ES module loader or reading dist/; any other argv goes to dist/cli.js,
// where `masg version` and the rest also answer in-process (tests call main() directly).
'use strict';

const argv = process.argv.slice(2);
if (argv.length === 1 && ['--version', '-v', '-V', 'version'].includes(argv[0])) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  import('../dist/cli.js').then((cli) => cli.run());
}
