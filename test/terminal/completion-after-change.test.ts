// Tab's cached ID lists are trimmed when masg itself creates or updates something, so the new
// publication or slot (or a new name) is offered at once, not after the cache's 10 minutes; a
// change never fails because of the cache, and a dry run leaves it alone.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forget, kindsChangedBy } from '../../src/config/id-cache.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, useHarness, type DemoIds, type Harness } from '../commands/harness.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demo) => ((h = harness), (ids = demo)));

const cacheFile = (dir: string, label = 'default') => join(dir, 'cache', `ids-${label}.json`);
function envFor(dir: string) {
  return { ...h.env, MASG_CONFIG_DIR: dir, MASG_COMPLETION_DEADLINE_MS: '60000' };
}
const complete = (dir: string, line: string) => runCli(['__complete', ...line.split(' ')], { env: envFor(dir) });
const masg = (dir: string, argv: string[]) => runCli(argv, { env: envFor(dir) });
const CREATE = ['pub', 'create', '--type', 'ANDROID_APP', '--description', 'd', '--transparent', 'false', '-o', 'json'];

describe('the completion cache after masg changes something', () => {
  it('pub create: the new publication is offered by the next Tab; other kinds stay cached', async () => {
    const dir = tempDir();
    await complete(dir, 'pub update ');
    await complete(dir, 'campaign list ');
    const created = JSON.parse((await masg(dir, [...CREATE, '--name', 'Brand New Pub'])).stdout);
    const cached = JSON.parse(readFileSync(cacheFile(dir), 'utf8'));
    expect(cached.entries.publications).toBeUndefined();
    expect(cached.entries.advertisers.items.length).toBeGreaterThan(0);
    expect((await complete(dir, 'pub update ')).stdout).toContain(`${created.id}\tBrand New Pub`);
  });

  it('pub update --name: the new name is shown by the next Tab', async () => {
    const dir = tempDir();
    const created = JSON.parse((await masg(dir, [...CREATE, '--name', 'Before Rename'])).stdout);
    expect((await complete(dir, 'pub update ')).stdout).toContain(`${created.id}\tBefore Rename`);
    expect((await masg(dir, ['pub', 'update', created.id, '--name', 'After Rename'])).code).toBe(0);
    expect((await complete(dir, 'pub update ')).stdout).toContain(`${created.id}\tAfter Rename`);
  });

  it('slot create: ad slots are dropped, publications kept', async () => {
    const dir = tempDir();
    await complete(dir, 'pub update ');
    await complete(dir, 'slot update ');
    const pub = ids.pubs['Café Olé Mobile']!;
    const run = await masg(dir, [
      'slot',
      'create',
      '--publication',
      pub.id!,
      '--name',
      'Fresh Slot',
      '--formats',
      'iab300x250',
      '-o',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const slot = JSON.parse(run.stdout);
    const cached = JSON.parse(readFileSync(cacheFile(dir), 'utf8'));
    expect(cached.entries.adslots).toBeUndefined();
    expect(cached.entries.publications).toBeDefined();
    expect((await complete(dir, 'slot update ')).stdout).toContain(slot.id);
  });

  it("--sandbox trims its own file (not the profile's); --dry-run trims nothing", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'cache'));
    const file = JSON.stringify({ identity: 'x', entries: { publications: { at: Date.now(), items: [['old', 'Old']] } } });
    for (const label of ['default', 'sandbox']) writeFileSync(cacheFile(dir, label), file);
    const dry = await runCli(['--sandbox', '--dry-run', ...CREATE, '--name', 'Dry'], { env: envFor(dir) });
    expect(dry.code).toBe(0);
    expect(readFileSync(cacheFile(dir, 'sandbox'), 'utf8')).toBe(file);
    expect((await runCli(['--sandbox', ...CREATE, '--name', 'Sandbox Pub'], { env: envFor(dir) })).code).toBe(0);
    expect(JSON.parse(readFileSync(cacheFile(dir, 'sandbox'), 'utf8')).entries).toEqual({});
    expect(readFileSync(cacheFile(dir, 'default'), 'utf8')).toBe(file);
  });

  it('a cache that cannot be rewritten never fails the change', async () => {
    const dir = tempDir();
    await complete(dir, 'pub update ');
    chmodSync(join(dir, 'cache'), 0o500); // root ignores modes: the file is also made a folder below
    const run = await masg(dir, [...CREATE, '--name', 'Still Created']);
    chmodSync(join(dir, 'cache'), 0o700);
    expect(run.code).toBe(0);
    // A cache that is not even a file: forget() swallows it.
    const odd = tempDir();
    mkdirSync(cacheFile(odd), { recursive: true });
    await expect(forget(odd, 'default', ['publications'])).resolves.toBeUndefined();
    const after = await masg(odd, [...CREATE, '--name', 'Still Created 2']);
    expect(after.code).toBe(0);
    expect(existsSync(cacheFile(odd))).toBe(true);
  });

  it('knows what each change touches', () => {
    expect(kindsChangedBy('/publication/create')).toEqual(['publications']);
    expect(kindsChangedBy('adslot/123')).toEqual(['adslots']);
    expect(kindsChangedBy('/campaign/9')).toEqual(['publications', 'adslots', 'advertisers', 'campaigns']);
  });
});
