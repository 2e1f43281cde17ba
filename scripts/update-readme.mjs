// Rewrites the command reference in README.md from the built commander tree (`npm run docs`).
import { readFileSync, writeFileSync } from 'node:fs';
import { buildProgram } from '../dist/cli.js';
import { commandReference, withReference } from '../dist/help/reference.js';

const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {}, signal: new AbortController().signal };
const readme = new URL('../README.md', import.meta.url);
const before = readFileSync(readme, 'utf8');
const after = withReference(before, commandReference(await buildProgram(io)));
if (after !== before) writeFileSync(readme, after);
console.log(after === before ? 'README.md is up to date.' : 'README.md command reference updated.');
