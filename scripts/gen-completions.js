#!/usr/bin/env node
// Regenerates completions/ (the shell scripts, the spec `masg __complete` reads and the help pages
// `masg --help` reads) from the commander tree of the built CLI. Run after adding or changing a command or an option:
//   npm run completions        (= tsc, then this script)
// test/completion/drift.test.ts fails until the committed files match.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { buildProgram } = await import(join(root, 'dist', 'cli.js'));
const { completionsFiles } = await import(join(root, 'dist', 'help', 'generated.js'));

// The tree only: nothing runs, so the streams are never written to.
const io = {
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  stdin: Readable.from([]),
  env: {},
  signal: new AbortController().signal,
};
const files = completionsFiles(await buildProgram(io));
mkdirSync(join(root, 'completions'), { recursive: true });
for (const [name, text] of Object.entries(files)) {
  writeFileSync(join(root, 'completions', name), text);
  console.log(`wrote completions/${name}`);
}
