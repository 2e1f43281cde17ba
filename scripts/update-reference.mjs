// Rewrites the command reference in docs/commands.md from the built commander tree (`npm run docs`).
import { readFileSync, writeFileSync } from 'node:fs';
import { buildProgram } from '../dist/cli.js';
import { commandReference, withReference } from '../dist/help/reference.js';

const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {}, signal: new AbortController().signal };
const page = new URL('../docs/commands.md', import.meta.url);
const before = readFileSync(page, 'utf8');
const after = withReference(before, commandReference(await buildProgram(io)));
if (after !== before) writeFileSync(page, after);
console.log(after === before ? 'docs/commands.md is up to date.' : 'docs/commands.md command reference updated.');
