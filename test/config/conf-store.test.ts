// The real file store in a temporary MASG_CONFIG_DIR: modes, warnings, round trips, bad files.
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/config/conf-store.js';
import { defaultConfigDir } from '../../src/config/store.js';
import { ConfigError } from '../../src/core/errors.js';

const posix = process.platform !== 'win32';
let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'masg-config-'));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe('openStore', () => {
  it.runIf(posix)('creates the directory 0700 and the file 0600 on the first save', async () => {
    const dir = join(tmp, 'nested', 'masg');
    const store = await openStore(dir);
    expect(store.path).toBe(join(dir, 'config.json'));
    // Opening alone writes nothing.
    expect(await readdir(dir)).toEqual([]);
    await store.set('default', { email: 'a@x.io', key: 'secret-key-1234', baseUrl: 'https://api.example' });
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(store.path)).toBe(0o600);
    expect(await store.checkPermissions()).toBeUndefined();
  });

  it.runIf(posix)('warns when the file is readable by others, and a save makes it 0600 again', async () => {
    const store = await openStore(tmp);
    expect(await store.checkPermissions()).toBeUndefined(); // no file yet
    await store.set('default', { email: 'a@x.io', key: 'k' });
    await chmod(store.path, 0o644);
    const warning = await store.checkPermissions();
    expect(warning).toContain(store.path);
    expect(warning).toContain('mode 0644');
    expect(warning).toContain(`chmod 600 '${store.path}'`);
    await chmod(store.path, 0o620);
    expect(await store.checkPermissions()).toMatch(/mode 0620/); // group-writable is as bad
    await store.set('other', { email: 'b@x.io' });
    expect(await mode(store.path)).toBe(0o600);
  });

  it.runIf(posix)('tightens an existing open directory to 0700 when a key is written into it, not before', async () => {
    await chmod(tmp, 0o755);
    const store = await openStore(tmp);
    await store.set('default', { email: 'a@x.io', keyring: true }); // the key is elsewhere: the folder is left as it is
    expect(await mode(tmp)).toBe(0o755);
    await store.set('default', { email: 'a@x.io', key: 'k' });
    expect(await mode(tmp)).toBe(0o700);
    expect(await mode(store.path)).toBe(0o600);
  });

  it('round-trips profiles across instances; names with dots stay flat keys', async () => {
    const a = await openStore(tmp);
    await a.set('acme.prod', { email: 'a@x.io', key: 'k1', baseUrl: 'https://a.example', timezone: 'UTC' });
    await a.set('default', { email: 'd@x.io', key: 'k2' });
    const b = await openStore(tmp);
    expect(await b.get('acme.prod')).toEqual({ email: 'a@x.io', key: 'k1', baseUrl: 'https://a.example', timezone: 'UTC' });
    expect(await b.get('acme')).toBeUndefined();
    expect(await b.get('constructor')).toBeUndefined();
    expect(JSON.parse(await readFile(b.path, 'utf8'))).toEqual({
      profiles: {
        'acme.prod': { email: 'a@x.io', key: 'k1', baseUrl: 'https://a.example', timezone: 'UTC' },
        default: { email: 'd@x.io', key: 'k2' },
      },
    });
  });

  it('list() never carries the key nor the webhook URL; delete() returns what it removed', async () => {
    const store = await openStore(tmp);
    await store.set('b', { email: 'b@x.io', key: 'kb' });
    await store.set('a', { email: 'a@x.io' });
    await store.setNotifyUrl('b', { url: 'https://hooks.example.com/SECRETPATH' });
    const list = await store.list();
    expect(list).toEqual([
      { name: 'a', email: 'a@x.io', hasKey: false, notifyUrlIn: 'none' },
      { name: 'b', email: 'b@x.io', hasKey: true, notifyUrlIn: 'file' },
    ]);
    expect(JSON.stringify(list)).not.toContain('kb');
    expect(JSON.stringify(list)).not.toContain('SECRETPATH');
    expect(await store.readNotifyUrl('b')).toBe('https://hooks.example.com/SECRETPATH');
    // A new login (set) keeps what it is given; setNotifyUrl changes only the URL.
    await store.setNotifyUrl('b', undefined);
    expect(await store.delete('b')).toEqual({ email: 'b@x.io', key: 'kb' });
    expect(await store.delete('b')).toBeUndefined();
    expect((await store.list()).map((p) => p.name)).toEqual(['a']);
    expect(store.keyLocation('a')).toBe(`config file ${store.path}`);
  });

  it('a corrupt file is a ConfigError naming it, and is not wiped', async () => {
    await writeFile(join(tmp, 'config.json'), '{"profiles": {', { mode: 0o600 });
    const e = await openStore(tmp).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).message).toMatch(/not valid JSON/);
    expect(await readFile(join(tmp, 'config.json'), 'utf8')).toBe('{"profiles": {');
  });

  it('two stores opened before either saves (two `masg login` at once) keep both profiles', async () => {
    const a = await openStore(tmp);
    const b = await openStore(tmp);
    await a.get('x'); // both have read the (empty) file: each change must still apply to what is on disk now
    await b.get('x');
    await Promise.all([a.set('one', { email: 'one@x.io', key: 'k1' }), b.set('two', { email: 'two@x.io', key: 'k2' })]);
    await a.set('three', { email: 'three@x.io' });
    expect(await b.delete('one')).toEqual({ email: 'one@x.io', key: 'k1' });
    const c = await openStore(tmp);
    expect((await c.list()).map((p) => p.name)).toEqual(['three', 'two']);
    expect(await c.get('two')).toEqual({ email: 'two@x.io', key: 'k2' });
    expect((await readdir(tmp)).sort()).toEqual(['config.json']); // no lock or temp file left behind
  });

  it('a file that became corrupt after it was read is not overwritten by a save', async () => {
    const store = await openStore(tmp);
    await store.set('default', { email: 'a@x.io', key: 'k' });
    await writeFile(join(tmp, 'config.json'), '{"profiles": {');
    await expect(store.set('other', { email: 'b@x.io' })).rejects.toMatchObject({
      exitCode: 3,
      message: expect.stringMatching(/not valid JSON/),
    });
    expect(await readFile(join(tmp, 'config.json'), 'utf8')).toBe('{"profiles": {');
  });

  it('a save waits while another process holds the lock, then applies to the file as that one left it', async () => {
    const store = await openStore(tmp);
    await store.set('default', { email: 'a@x.io', key: 'k' });
    const before = await readFile(store.path, 'utf8');
    // A live lock as another masg would hold it: the lock folder, freshly touched.
    await mkdir(`${store.path}.lock`);
    const pending = store.set('other', { email: 'b@x.io' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await readFile(store.path, 'utf8')).toBe(before); // still waiting
    // What the other process wrote before releasing is kept.
    const other = JSON.parse(before);
    other.profiles.third = { email: 'c@x.io' };
    await writeFile(store.path, JSON.stringify(other));
    await rm(`${store.path}.lock`, { recursive: true });
    await pending;
    expect((await (await openStore(tmp)).list()).map((p) => p.name)).toEqual(['default', 'other', 'third']);
  });

  it('a hand-edited profile of the wrong shape is a ConfigError naming the profile', async () => {
    await writeFile(join(tmp, 'config.json'), JSON.stringify({ profiles: { default: { email: 'a@x.io', key: 42 } } }));
    const store = await openStore(tmp);
    await expect(store.get('default')).rejects.toThrow(/Profile "default" .* is malformed/);
  });

  it.runIf(posix && process.getuid?.() !== 0)('an unwritable location is a ConfigError mentioning MASG_CONFIG_DIR', async () => {
    await mkdir(join(tmp, 'ro'), { mode: 0o500 });
    await expect(openStore(join(tmp, 'ro', 'masg'))).rejects.toMatchObject({
      exitCode: 3,
      hint: expect.stringContaining('MASG_CONFIG_DIR'),
    });
  });
});

describe('defaultConfigDir', () => {
  it.each([
    [{ MASG_CONFIG_DIR: '/srv/masg', XDG_CONFIG_HOME: '/x' }, 'linux', '/srv/masg'],
    [{ XDG_CONFIG_HOME: '/home/u/.cfg' }, 'linux', '/home/u/.cfg/masg'],
    [{ XDG_CONFIG_HOME: 'relative/cfg' }, 'linux', '/home/u/.config/masg'], // the XDG spec says ignore it
    [{}, 'linux', '/home/u/.config/masg'],
    [{}, 'darwin', '/home/u/.config/masg'],
  ] as const)('%j on %s → %s', (env, platform, expected) => {
    expect(defaultConfigDir({ env, homedir: '/home/u', platform })).toBe(expected);
  });
});

describe('lazy loading', () => {
  it('no config module imports conf at load time (masg --help must not pay for it)', async () => {
    const dir = join(import.meta.dirname, '../../src/config');
    for (const file of await readdir(dir)) {
      const source = await readFile(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+['"]conf['"]/m);
    }
  });
});
