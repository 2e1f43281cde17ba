// login / logout / whoami with injected store, prompter and verify: nothing touches the real
// terminal, the real config dir or the network.
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { login, type Credentials, type LoginDeps, type LoginRequest } from '../../src/commands/auth/login-core.js';
import { logout } from '../../src/commands/auth/logout-core.js';
import { createMemoryStore } from '../../src/config/memory-store.js';
import { resolveSettings } from '../../src/config/settings.js';
import type { Profile } from '../../src/config/store.js';
import { maskKey, whoami } from '../../src/commands/auth/whoami-core.js';
import { AuthError, ConfigError, UsageError } from '../../src/core/errors.js';
import { createPrompter } from '../../src/prompt.js';
import { fakeTty, type FakeTty } from './fake-tty.js';

/** How long to wait for text to appear: a hang guard, never a speed claim. */
const WAIT_MS = 20_000;

const KEY = 'dk_live_9f8e7d6c5b4a';

function nonInteractive(stdinText: string | undefined, profiles: Record<string, Profile> = {}) {
  const store = createMemoryStore(profiles);
  const stdin = Readable.from(stdinText === undefined ? [] : [Buffer.from(stdinText)]);
  const read = vi.spyOn(stdin, 'read');
  const prompt = createPrompter({ stdin, stderr: process.stderr, isTTY: false });
  const verify = vi.fn(async (_c: Credentials) => {});
  const deps: LoginDeps = { store, prompt, stdin, verify };
  return { store, deps, verify, read };
}

const opts = (o: Partial<LoginRequest>): LoginRequest => ({ profile: 'default', keyStdin: true, ...o });

/** Answer a prompt once its question is on stderr (readline drops input typed ahead of it). */
async function answer(tty: FakeTty, question: string, input: string): Promise<void> {
  await vi.waitFor(() => expect(tty.output()).toContain(question), { timeout: WAIT_MS, interval: 5 });
  tty.stdin.write(input);
}

describe('login', () => {
  it('interactive: asks for e-mail, base URL and hidden key, verifies, then saves', async () => {
    const tty = fakeTty();
    const store = createMemoryStore();
    const verify = vi.fn(async (c: Credentials) => {
      // Saved only after verify succeeds: at this point nothing is stored.
      expect(await store.get('default')).toBeUndefined();
      expect(c).toEqual({ email: 'me@x.io', key: KEY, baseUrl: 'https://api.example/v1' });
    });
    const prompt = createPrompter({ stdin: tty.stdin, stderr: tty.stderr, isTTY: true });
    const done = login({ profile: 'default', keyStdin: false }, { store, prompt, stdin: tty.stdin, verify });
    await answer(tty, 'E-mail: ', 'me@x.io\r');
    await answer(tty, 'Base URL: ', 'https://api.example/v1/\r');
    await answer(tty, "The account's time zone (IANA, e.g. America/New_York): ", 'America/New_York\r');
    await answer(tty, 'Developer key: ', `${KEY}\r`);
    await expect(done).resolves.toEqual({
      profile: 'default',
      email: 'me@x.io',
      baseUrl: 'https://api.example/v1',
      timezone: 'America/New_York',
      path: store.path,
      replaced: false,
      warnings: [],
      keyLocation: `config file ${store.path}`,
      inKeyring: false,
      notices: [],
    });
    expect(verify).toHaveBeenCalledOnce();
    expect(await store.get('default')).toEqual({
      email: 'me@x.io',
      key: KEY,
      baseUrl: 'https://api.example/v1',
      timezone: 'America/New_York',
    });
    expect(tty.output()).not.toContain(KEY);
  });

  it('interactive: a wrong base URL, e-mail or time zone is explained and asked again, not fatal', async () => {
    const tty = fakeTty();
    const store = createMemoryStore();
    const verify = vi.fn(async () => {});
    const prompt = createPrompter({ stdin: tty.stdin, stderr: tty.stderr, isTTY: true });
    const done = login({ profile: 'default', keyStdin: false }, { store, prompt, stdin: tty.stdin, verify });
    await answer(tty, 'E-mail: ', 'not-an-address\r');
    await vi.waitFor(() => expect(tty.output().split('E-mail: ').length).toBe(3), { timeout: WAIT_MS, interval: 5 });
    tty.stdin.write('me@x.io\r');
    await answer(tty, 'Base URL: ', 'htp//typo\r');
    await vi.waitFor(() => expect(tty.output()).toContain('masg: Base URL is not a valid URL'), { timeout: WAIT_MS, interval: 5 });
    await vi.waitFor(() => expect(tty.output().split('Base URL: ').length).toBe(3), { timeout: WAIT_MS, interval: 5 });
    tty.stdin.write('http://example.com\r'); // plain http off loopback: refused too, asked again
    await vi.waitFor(() => expect(tty.output().split('Base URL: ').length).toBe(4), { timeout: WAIT_MS, interval: 5 });
    tty.stdin.write('https://api.example\r');
    await answer(tty, 'America/New_York): ', 'Mars/Olympus\r');
    await vi.waitFor(() => expect(tty.output()).toContain('masg: Time zone is not a known IANA time zone: "Mars/Olympus"'), {
      timeout: WAIT_MS,
      interval: 5,
    });
    await vi.waitFor(() => expect(tty.output().split('America/New_York): ').length).toBe(3), { timeout: WAIT_MS, interval: 5 });
    tty.stdin.write('UTC\r');
    await answer(tty, 'Developer key: ', `${KEY}\r`);
    await expect(done).resolves.toMatchObject({ email: 'me@x.io', baseUrl: 'https://api.example', timezone: 'UTC' });
    expect(tty.output()).toContain('masg: E-mail');
    expect(tty.output()).toContain('plain http://');
    expect(verify).toHaveBeenCalledOnce();
    expect(await store.get('default')).toMatchObject({ baseUrl: 'https://api.example', timezone: 'UTC' });
  });

  it('interactive: no zone is offered from the host, and Enter alone is asked again, never saved', async () => {
    const tty = fakeTty();
    const store = createMemoryStore();
    const verify = vi.fn(async () => {});
    const prompt = createPrompter({ stdin: tty.stdin, stderr: tty.stderr, isTTY: true });
    const host = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const done = login(
      { profile: 'default', keyStdin: false, email: 'me@x.io', baseUrl: 'https://api.example' },
      { store, prompt, stdin: tty.stdin, verify },
    );
    await answer(tty, "The account's time zone (IANA, e.g. America/New_York): ", '\r');
    await vi.waitFor(() => expect(tty.output()).toContain('masg: Time zone: the account has one'), { timeout: WAIT_MS, interval: 5 });
    await vi.waitFor(() => expect(tty.output().split('America/New_York): ').length).toBe(3), { timeout: WAIT_MS, interval: 5 });
    tty.stdin.write('America/New_York\r');
    await answer(tty, 'Developer key: ', `${KEY}\r`);
    await expect(done).resolves.toMatchObject({ timezone: 'America/New_York' });
    expect(tty.output()).not.toContain(`[${host}]`);
  });

  it("a re-login offers the stored zone, never the host's", async () => {
    const tty = fakeTty();
    const store = createMemoryStore({ default: { email: 'me@x.io', key: 'k', baseUrl: 'https://api.example', timezone: 'Asia/Tokyo' } });
    const prompt = createPrompter({ stdin: tty.stdin, stderr: tty.stderr, isTTY: true });
    const done = login(
      { profile: 'default', keyStdin: false, email: 'me@x.io', baseUrl: 'https://api.example' },
      { store, prompt, stdin: tty.stdin, verify: async () => {} },
    );
    await answer(tty, 'America/New_York) [Asia/Tokyo]: ', '\r');
    await answer(tty, 'Developer key: ', `${KEY}\r`);
    await expect(done).resolves.toMatchObject({ timezone: 'Asia/Tokyo' });
  });

  it('a wrong --base-url flag is still exit 2 at once (nothing asked, nothing verified)', async () => {
    const { deps, verify } = nonInteractive(`${KEY}\n`);
    await expect(login(opts({ email: 'me@x.io', baseUrl: 'htp//typo' }), deps)).rejects.toMatchObject({
      constructor: UsageError,
      field: '--base-url',
    });
    await expect(login(opts({ email: 'me@x.io', baseUrl: 'https://api.example', timezone: '+02:00' }), deps)).rejects.toMatchObject({
      constructor: UsageError,
      field: '--timezone',
    });
    expect(verify).not.toHaveBeenCalled();
  });

  it('without a terminal no time zone is asked: the stored one is kept', async () => {
    const { deps, store } = nonInteractive(`${KEY}\n`, {
      default: { email: 'me@x.io', key: 'k', baseUrl: 'https://api.example', timezone: 'Asia/Tokyo' },
    });
    await expect(login(opts({}), deps)).resolves.toMatchObject({ timezone: 'Asia/Tokyo' });
    expect((await store.get('default'))?.timezone).toBe('Asia/Tokyo');
  });

  it('interactive: stored values are offered as defaults', async () => {
    const tty = fakeTty();
    const store = createMemoryStore({ work: { email: 'old@x.io', key: 'old', baseUrl: 'https://old.example', timezone: 'Europe/Oslo' } });
    const prompt = createPrompter({ stdin: tty.stdin, stderr: tty.stderr, isTTY: true });
    const done = login({ profile: 'work', keyStdin: false }, { store, prompt, stdin: tty.stdin, verify: async () => {} });
    await answer(tty, 'E-mail [old@x.io]: ', '\r');
    await answer(tty, 'Base URL [https://old.example]: ', '\r');
    await answer(tty, '[Europe/Oslo]: ', '\r');
    await answer(tty, 'Developer key: ', 'new-key\r');
    await expect(done).resolves.toMatchObject({
      email: 'old@x.io',
      baseUrl: 'https://old.example',
      timezone: 'Europe/Oslo',
      replaced: true,
    });
    expect((await store.get('work'))?.key).toBe('new-key');
  });

  it('a rejected key propagates the AuthError and nothing is saved or replaced', async () => {
    const old = { email: 'me@x.io', key: 'working-key', baseUrl: 'https://api.example' };
    const { deps, store } = nonInteractive(`${KEY}\n`, { default: old });
    deps.verify = async () => {
      throw new AuthError(1003, 'Invalid developer key for me@x.io', 400);
    };
    const err = await login(opts({ email: 'me@x.io', baseUrl: 'https://api.example', timezone: 'UTC' }), deps).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    // Not the general "`masg whoami`, then `masg login`": the stored credentials are not the ones that failed.
    expect((err as AuthError).hint).toBe(
      'Nothing was saved (profile "default" keeps its previous credentials). Check the e-mail and the developer key, then run `masg login` again.',
    );
    expect(await store.get('default')).toEqual(old);
    expect(await store.get('default')).not.toHaveProperty('key', KEY);
  });

  it.each([
    [`${KEY}\n`, KEY],
    [`${KEY}\r\n`, KEY],
    [KEY, KEY],
    [`  ${KEY}\n`, `  ${KEY}`], // only one newline is removed, nothing else is guessed
  ])('--key-stdin %j → %j', async (input, key) => {
    const { deps, verify, store } = nonInteractive(input);
    await login(opts({ email: 'me@x.io', baseUrl: 'https://api.example', timezone: 'UTC' }), deps);
    expect(verify).toHaveBeenCalledWith({ email: 'me@x.io', key, baseUrl: 'https://api.example' });
    expect((await store.get('default'))?.key).toBe(key);
  });

  it.each(['', '\n', '\r\n'])('--key-stdin with an empty key %j → UsageError, nothing verified', async (input) => {
    const { deps, verify } = nonInteractive(input);
    await expect(login(opts({ email: 'me@x.io', baseUrl: 'https://api.example', timezone: 'UTC' }), deps)).rejects.toMatchObject({
      constructor: UsageError,
      field: '--key-stdin',
    });
    expect(verify).not.toHaveBeenCalled();
  });

  it('--key-stdin with two lines → UsageError (one trailing newline only)', async () => {
    const { deps } = nonInteractive(`${KEY}\n\n`);
    await expect(login(opts({ email: 'me@x.io', baseUrl: 'https://api.example', timezone: 'UTC' }), deps)).rejects.toThrow(/single line/);
  });

  it('--key-stdin on a terminal is refused: the typed key would be echoed', async () => {
    const tty = fakeTty();
    const deps: LoginDeps = {
      store: createMemoryStore(),
      prompt: createPrompter({ stdin: tty.stdin, stderr: tty.stderr, isTTY: true }),
      stdin: tty.stdin,
      verify: async () => {},
    };
    await expect(login(opts({ email: 'me@x.io', baseUrl: 'https://api.example', timezone: 'UTC' }), deps)).rejects.toMatchObject({
      field: '--key-stdin',
    });
  });

  it('non-interactive without --email → ConfigError naming --email; stdin is not read', async () => {
    const { deps, verify, read } = nonInteractive(`${KEY}\n`);
    const e = await login(opts({ baseUrl: 'https://api.example' }), deps).catch((error: unknown) => error);
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).message).toMatch(/--email/);
    expect((e as ConfigError).exitCode).toBe(3);
    expect(read).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
  });

  it('non-interactive without --base-url → ConfigError naming --base-url', async () => {
    const { deps } = nonInteractive(`${KEY}\n`);
    await expect(login(opts({ email: 'me@x.io' }), deps)).rejects.toThrow(/not a terminal\): pass --base-url/);
  });

  it('non-interactive without --timezone and no stored zone → ConfigError (exit 3) naming --timezone; stdin is not read', async () => {
    const { deps, verify, read, store } = nonInteractive(`${KEY}\n`);
    const e = await login(opts({ email: 'me@x.io', baseUrl: 'https://api.example' }), deps).catch((error: unknown) => error);
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).exitCode).toBe(3);
    expect((e as ConfigError).message).toMatch(/not a terminal\): pass --timezone <zone>/);
    expect(read).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
    expect(await store.get('default')).toBeUndefined();
  });

  it('non-interactive re-login of a profile saved without a zone is refused too: a profile always has one', async () => {
    const old = { email: 'me@x.io', key: 'old', baseUrl: 'https://api.example' };
    const { deps, store } = nonInteractive(`${KEY}\n`, { default: old });
    await expect(login(opts({}), deps)).rejects.toThrow(/--timezone/);
    expect(await store.get('default')).toEqual(old);
  });

  it('non-interactive without --key-stdin → ConfigError offering the whole login to paste, with --key-stdin', async () => {
    const { deps } = nonInteractive(undefined);
    await expect(login(opts({ email: 'me@x.io', baseUrl: 'https://api.example', timezone: 'UTC', keyStdin: false }), deps)).rejects.toThrow(
      '`printf %s "$MASG_DEVELOPER_KEY" | masg login --email me@x.io --base-url https://api.example --timezone UTC --key-stdin`',
    );
  });

  it('non-interactive re-login re-uses the stored e-mail, base URL and timezone (key rotation)', async () => {
    const { deps, store } = nonInteractive('rotated-key\n', {
      ci: { email: 'ci@x.io', key: 'old', baseUrl: 'https://api.example', timezone: 'Asia/Tokyo' },
    });
    await expect(login(opts({ profile: 'ci' }), deps)).resolves.toMatchObject({ email: 'ci@x.io', replaced: true });
    expect(await store.get('ci')).toEqual({ email: 'ci@x.io', key: 'rotated-key', baseUrl: 'https://api.example', timezone: 'Asia/Tokyo' });
  });

  it('checks values before asking for the key or calling the service', async () => {
    for (const [o, field] of [
      [{ email: 'me@x.io', baseUrl: 'http://10.0.0.1' }, '--base-url'],
      [{ email: 'not-an-email', baseUrl: 'https://api.example' }, '--email'],
      [{ email: 'me@x.io', baseUrl: 'https://api.example', timezone: 'Mars/Olympus' }, '--timezone'],
      [{ profile: '../x', email: 'me@x.io', baseUrl: 'https://api.example' }, '--profile'],
    ] as const) {
      const { deps, verify, read } = nonInteractive(`${KEY}\n`);
      await expect(login(opts(o), deps)).rejects.toMatchObject({ field });
      expect(verify).not.toHaveBeenCalled();
      expect(read).not.toHaveBeenCalled();
    }
  });

  it('saves the timezone and plain http to loopback', async () => {
    const { deps, store } = nonInteractive(`${KEY}\n`);
    await login(opts({ email: 'me@x.io', baseUrl: 'http://127.0.0.1:8080', timezone: 'Europe/Berlin' }), deps);
    expect(await store.get('default')).toEqual({ email: 'me@x.io', key: KEY, baseUrl: 'http://127.0.0.1:8080', timezone: 'Europe/Berlin' });
  });
});

describe('logout', () => {
  it('removes the profile and its key, leaves the others', async () => {
    const store = createMemoryStore({ default: { email: 'a@x.io', key: 'k1' }, work: { email: 'w@x.io', key: 'k2' } });
    await expect(logout({ profile: 'default' }, { store })).resolves.toEqual({
      profile: 'default',
      removed: true,
      email: 'a@x.io',
      path: store.path,
      notices: [],
    });
    expect(await store.get('default')).toBeUndefined();
    expect(await store.get('work')).toEqual({ email: 'w@x.io', key: 'k2' });
  });

  it('an absent profile is not an error: removed false with a notice', async () => {
    const store = createMemoryStore();
    const r = await logout({ profile: 'gone' }, { store });
    expect(r).toMatchObject({ removed: false, email: '' });
    expect(r.notices).toEqual([`No profile named "gone" in ${store.path}; nothing to remove.`]);
  });

  it('says when MASG_DEVELOPER_KEY will keep working', async () => {
    const store = createMemoryStore({ default: { email: 'a@x.io', key: 'k1' } });
    const r = await logout({ profile: 'default' }, { store, env: { MASG_DEVELOPER_KEY: 'x' } });
    expect(r.notices.join()).toMatch(/MASG_DEVELOPER_KEY is still set/);
  });
});

describe('whoami', () => {
  it('shows who and where, with the key masked; the key appears nowhere in the result; no zone is "none", never the host\'s', async () => {
    const store = createMemoryStore({ default: { email: 'me@x.io', key: KEY, baseUrl: 'https://api.example' } });
    const result = whoami(await resolveSettings({ flags: {}, env: {}, store, partial: true }));
    expect(result).toEqual({
      timezone: '',
      timezoneSource: 'none',
      profile: 'default',
      email: 'me@x.io',
      baseUrl: 'https://api.example',
      baseUrlSource: 'profile',
      keySource: 'profile',
      keyLocation: `config file ${store.path}`,
      key: '••••••••5b4a',
    });
    const text = JSON.stringify(result);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(KEY.slice(0, -4));
  });

  it("the zone and its source: MASG_TIMEZONE over the profile's", async () => {
    const store = createMemoryStore({ default: { email: 'me@x.io', key: KEY, baseUrl: 'https://api.example', timezone: 'Asia/Tokyo' } });
    const settings = (env: Record<string, string>) => resolveSettings({ flags: {}, env, store, partial: true });
    expect(whoami(await settings({}))).toMatchObject({ timezone: 'Asia/Tokyo', timezoneSource: 'profile' });
    expect(whoami(await settings({ MASG_TIMEZONE: 'Pacific/Pago_Pago' }))).toMatchObject({
      timezone: 'Pacific/Pago_Pago',
      timezoneSource: 'env',
    });
    await expect(settings({ MASG_TIMEZONE: '+02:00' })).rejects.toMatchObject({ field: 'MASG_TIMEZONE', exitCode: 2 });
  });

  it('key from the environment', async () => {
    const env = { MASG_EMAIL: 'ci@x.io', MASG_DEVELOPER_KEY: KEY, MASG_BASE_URL: 'https://api.example' };
    const result = whoami(await resolveSettings({ flags: {}, env, store: createMemoryStore(), partial: true }));
    expect(result).toMatchObject({ keySource: 'env', keyLocation: 'environment variable MASG_DEVELOPER_KEY' });
  });

  it('partly configured: reports the gap instead of failing', async () => {
    const store = createMemoryStore({ default: { email: 'me@x.io' } });
    const result = whoami(await resolveSettings({ flags: {}, env: {}, store, partial: true }));
    expect(result).toMatchObject({ email: 'me@x.io', keySource: 'none', keyLocation: '', key: '', baseUrl: '' });
  });

  it('not logged in at all → ConfigError', async () => {
    const settings = await resolveSettings({ flags: {}, env: {}, store: createMemoryStore(), partial: true });
    expect(() => whoami(settings)).toThrow(ConfigError);
  });

  it.each([
    ['', ''],
    ['short', '••••••••'],
    ['elevenchars', '••••••••'],
    ['twelve-chars', '••••••••hars'],
    ['a-very-long-developer-key-abcd', '••••••••abcd'],
    ['emoji-key-1😀😀😀😀', '••••••••😀😀😀😀'],
  ])('maskKey(%j) → %j', (key, masked) => {
    expect(maskKey(key)).toBe(masked);
  });
});
