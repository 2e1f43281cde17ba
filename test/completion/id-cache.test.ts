// The completion ID cache (src/config/id-cache.ts): merges under the file's lock, and a Tab
// never waits long for that lock. The cross-process case is in test/stress/concurrency.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/core/file-lock.js';
import { CACHE_LOCK_WAIT_MS, openCache, readFresh, store } from '../../src/config/id-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'masg-idcache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('id cache writes', () => {
  it('concurrent writers of different kinds keep every kind; the file is 0600', async () => {
    const cache = openCache(dir, 'p1', 'who');
    // A long wait: this is about what is kept (fsyncs on a busy machine outlast the Tab's 50 ms).
    const waitMs = 10_000;
    const done = await Promise.all([
      store(cache, { publications: [['p', 'Pub']] }, { waitMs }),
      store(cache, { adslots: [['s', 'Slot']] }, { waitMs }),
      store(cache, { advertisers: [['a', 'Adv']] }, { waitMs }),
      store(cache, { campaigns: [['c', 'Camp']] }, { waitMs }),
    ]);
    expect(done).toEqual([true, true, true, true]);
    expect(readFresh(cache, 'publications')).toEqual([['p', 'Pub']]);
    expect(readFresh(cache, 'adslots')).toEqual([['s', 'Slot']]);
    expect(readFresh(cache, 'advertisers')).toEqual([['a', 'Adv']]);
    expect(readFresh(cache, 'campaigns')).toEqual([['c', 'Camp']]);
    if (process.platform !== 'win32') expect(statSync(cache.path).mode & 0o777).toBe(0o600);
  });

  it('a cache of another identity is replaced, not merged into', async () => {
    await store(openCache(dir, 'p2', 'old'), { publications: [['x', 'Old account']] });
    const cache = openCache(dir, 'p2', 'new');
    await store(cache, { adslots: [['s', 'Slot']] });
    expect(readFresh(cache, 'publications')).toBeUndefined();
    expect(JSON.parse(readFileSync(cache.path, 'utf8')).identity).toBe('new');
  });

  it(`skips caching (false, file untouched) when the lock is busy for more than ${CACHE_LOCK_WAIT_MS} ms`, async () => {
    const cache = openCache(dir, 'p3', 'who');
    await store(cache, { publications: [['p', 'Pub']] });
    const before = readFileSync(cache.path, 'utf8');
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const holder = withFileLock(cache.path, () => new Promise<void>((r) => ((release = r), holding())));
    await held; // a fixed sleep here lost the race on a loaded machine
    // The holder keeps the lock until release() below: `false` here means store gave up waiting.
    expect(await store(cache, { adslots: [['s', 'Slot']] })).toBe(false);
    expect(readFileSync(cache.path, 'utf8')).toBe(before);
    release();
    await holder;
    expect(await store(cache, { adslots: [['s', 'Slot']] })).toBe(true);
    expect(readFresh(cache, 'adslots')).toEqual([['s', 'Slot']]);
  });

  it('a stale lock folder of a killed process does not stop caching for good', async () => {
    const cache = openCache(dir, 'p4', 'who');
    mkdirSync(join(dir, 'cache'), { recursive: true });
    const lock = `${cache.path}.lock`;
    mkdirSync(lock);
    // What a process killed mid-write leaves: a lock nobody refreshes any more.
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(await store(cache, { publications: [['p', 'Pub']] })).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });
});
