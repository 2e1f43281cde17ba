import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { commandReference, withReference } from '../../src/help/reference.js';

const io = {
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  stdin: new PassThrough(),
  env: {},
  signal: new AbortController().signal,
};

describe('README command reference', () => {
  it('matches the commander tree (run `npm run docs` after changing a command)', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(withReference(readme, commandReference(await buildProgram(io)))).toBe(readme);
  });

  it('documents every command with an example', async () => {
    const reference = commandReference(await buildProgram(io));
    for (const cmd of [
      'pub list',
      'pub create',
      'pub update',
      'pub stats',
      'slot stats',
      'campaign view',
      'campaign stats',
      'login',
      'whoami',
      'sandbox',
    ]) {
      const start = reference.indexOf(`### \`masg ${cmd} `);
      expect(start, cmd).toBeGreaterThan(0);
      const next = reference.indexOf('### ', start + 4);
      expect(reference.slice(start, next < 0 ? undefined : next), cmd).toContain('```sh\nmasg ');
    }
  });
});
