import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

describe('the command reference (docs/commands.md)', () => {
  it('matches the commander tree (run `npm run docs` after changing a command)', async () => {
    const page = readFileSync(new URL('../../docs/commands.md', import.meta.url), 'utf8');
    expect(withReference(page, commandReference(await buildProgram(io)))).toBe(page);
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

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(text: string): Set<string> {
  const headings = text.replace(/```[\s\S]*?```/g, '').match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((h) => anchor(h.replace(/^#+ /, ''))));
}

describe('the README is a front door', () => {
  it('puts masg on the PATH right after the set-up, and the tour runs `masg`, not `npx masg`', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const setUp = readme.slice(readme.indexOf('## Set-up'), readme.indexOf('## Quick tour'));
    expect(setUp).toMatch(/^npm link\b/m);
    expect(setUp).toContain('npm install -g "./$(npm pack --quiet | tail -n 1)"');
    // npx resolves the package on every call (about 2 s each, 20 s the first time).
    expect(readme).not.toMatch(/\bnpx masg\b/);
    const tour = readme.slice(readme.indexOf('## Quick tour'), readme.indexOf('## Statistics'));
    expect(tour.match(/^masg --sandbox /gm)?.length).toBeGreaterThanOrEqual(6);
  });

  it('is 400 lines at most', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(400);
  });

  it.each(pages)('every relative link of %s resolves, anchors included', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const links = [...text.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    for (const link of links.filter((l) => !/^[a-z]+:/.test(l))) {
      const [path, hash] = link.split('#') as [string, string | undefined];
      const target = path ? join(dirname(join(ROOT, page)), path) : join(ROOT, page);
      expect(existsSync(target), `${page}: ${link}`).toBe(true);
      if (hash && target.endsWith('.md')) expect(anchorsOf(readFileSync(target, 'utf8')), `${page}: ${link}`).toContain(hash);
    }
  });
});
