// Precedence flag > env > profile > default, one table per setting, every combination.
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/config/memory-store.js';
import { resolveProfileName, resolveSettings, type Env, type SettingsFlags } from '../../src/config/settings.js';
import type { Profile } from '../../src/config/store.js';
import { ConfigError, UsageError } from '../../src/core/errors.js';

const DEFAULT: Profile = { email: 'def@x.io', key: 'key-default-0000', baseUrl: 'https://default.example', timezone: 'Europe/Berlin' };
const WORK: Profile = { email: 'work@x.io', key: 'key-work-1111', baseUrl: 'https://work.example' };

function run(flags: SettingsFlags, env: Env, profiles: Record<string, Profile> = { default: DEFAULT, work: WORK }, partial = false) {
  return resolveSettings({ flags, env, store: createMemoryStore(profiles), partial });
}

async function configError(p: Promise<unknown>): Promise<ConfigError> {
  const e = await p.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(ConfigError);
  return e as ConfigError;
}

describe('profile name: flag > MASG_PROFILE > "default"', () => {
  it.each([
    { flag: undefined, env: undefined, profile: 'default', source: 'default', email: 'def@x.io' },
    { flag: undefined, env: 'work', profile: 'work', source: 'env', email: 'work@x.io' },
    { flag: 'work', env: undefined, profile: 'work', source: 'flag', email: 'work@x.io' },
    { flag: 'default', env: 'work', profile: 'default', source: 'flag', email: 'def@x.io' },
  ])('flag=$flag env=$env → $profile ($source)', async ({ flag, env, profile, source, email }) => {
    const s = await run({ profile: flag }, { MASG_PROFILE: env });
    expect([s.profile, s.profileSource, s.email]).toEqual([profile, source, email]);
  });

  it('an empty MASG_PROFILE counts as unset; an empty --profile is refused', () => {
    expect(resolveProfileName({}, { MASG_PROFILE: '' })).toEqual({ name: 'default', source: 'default' });
    expect(() => resolveProfileName({ profile: '' }, {})).toThrow(UsageError);
  });

  it('refuses odd names, naming where they came from', () => {
    expect(() => resolveProfileName({}, { MASG_PROFILE: '../etc' })).toThrow(/^MASG_PROFILE must be/);
    expect(() => resolveProfileName({ profile: '__proto__' }, {})).toThrow(/^--profile must be/);
    expect(resolveProfileName({ profile: 'acme.prod_2-eu' }, {}).name).toBe('acme.prod_2-eu');
  });

  it('a named profile that does not exist is a ConfigError, not a silent fallback', async () => {
    const e = await configError(run({ profile: 'wrok' }, {}));
    expect(e.message).toMatch(/no profile named "wrok"/);
    expect(e.hint).toMatch(/masg login --profile wrok/);
    expect((await configError(run({}, { MASG_PROFILE: 'nope' }))).hint).toMatch(/MASG_PROFILE/);
  });
});

describe('e-mail: MASG_EMAIL > profile', () => {
  // The key and base URL come from env so the rows isolate the e-mail.
  const others = { MASG_DEVELOPER_KEY: 'env-key-9999', MASG_BASE_URL: 'https://env.example' };
  it.each([
    { env: undefined, stored: true, email: 'def@x.io', source: 'profile' },
    { env: 'env@x.io', stored: true, email: 'env@x.io', source: 'env' },
    { env: 'env@x.io', stored: false, email: 'env@x.io', source: 'env' },
  ])('env=$env profile=$stored → $email', async ({ env, stored, email, source }) => {
    const s = await run({}, { ...others, MASG_EMAIL: env }, stored ? { default: DEFAULT } : {});
    expect([s.email, s.emailSource]).toEqual([email, source]);
  });

  it('neither → ConfigError saying how to fix it', async () => {
    const e = await configError(run({}, others, {}));
    expect(e.message).toMatch(/No e-mail configured/);
    expect(e.hint).toMatch(/masg login/);
    expect(e.hint).toMatch(/MASG_EMAIL and MASG_DEVELOPER_KEY/);
  });

  it('a malformed MASG_EMAIL is a UsageError naming the variable', async () => {
    await expect(run({}, { MASG_EMAIL: 'me:x@y' })).rejects.toMatchObject({ field: 'MASG_EMAIL' });
  });
});

describe("key: MASG_DEVELOPER_KEY > profile (only with the profile's own e-mail)", () => {
  const noKey: Profile = { email: 'def@x.io', baseUrl: 'https://default.example' };
  it.each([
    { envKey: undefined, stored: DEFAULT, envEmail: undefined, key: 'key-default-0000', source: 'profile' },
    { envKey: 'env-key', stored: DEFAULT, envEmail: undefined, key: 'env-key', source: 'env' },
    { envKey: 'env-key', stored: noKey, envEmail: undefined, key: 'env-key', source: 'env' },
    { envKey: undefined, stored: DEFAULT, envEmail: 'def@x.io', key: 'key-default-0000', source: 'profile' },
    { envKey: undefined, stored: DEFAULT, envEmail: 'DEF@X.io', key: 'key-default-0000', source: 'profile' },
    { envKey: 'env-key', stored: DEFAULT, envEmail: 'other@x.io', key: 'env-key', source: 'env' },
  ])('env key=$envKey, profile key=$stored.key, MASG_EMAIL=$envEmail → $source', async ({ envKey, stored, envEmail, key, source }) => {
    const s = await run({}, { MASG_DEVELOPER_KEY: envKey, MASG_EMAIL: envEmail }, { default: stored });
    expect([s.key, s.keySource]).toEqual([key, source]);
  });

  it('no key anywhere → ConfigError', async () => {
    const e = await configError(run({}, {}, { default: noKey }));
    expect(e.message).toMatch(/No developer key configured \(profile "default"\)/);
    expect(e.hint).toMatch(/masg login/);
  });

  it("a different MASG_EMAIL is not paired with the profile's key, and the message says why", async () => {
    const e = await configError(run({}, { MASG_EMAIL: 'other@x.io' }));
    expect(e.message).toMatch(/No developer key/);
    expect(e.hint).toMatch(/MASG_EMAIL \(other@x.io\) differs from the e-mail of profile "default" \(def@x.io\)/);
    expect(`${e.message}${e.hint}`).not.toContain(DEFAULT.key);
  });
});

describe('base URL: --base-url > MASG_BASE_URL > profile, no default', () => {
  const F = 'https://flag.example';
  const E = 'https://env.example';
  const P = 'https://default.example';
  it.each([
    { flag: F, env: E, stored: P, url: F, source: 'flag' },
    { flag: F, env: E, stored: undefined, url: F, source: 'flag' },
    { flag: F, env: undefined, stored: P, url: F, source: 'flag' },
    { flag: F, env: undefined, stored: undefined, url: F, source: 'flag' },
    { flag: undefined, env: E, stored: P, url: E, source: 'env' },
    { flag: undefined, env: E, stored: undefined, url: E, source: 'env' },
    { flag: undefined, env: undefined, stored: P, url: P, source: 'profile' },
  ])('flag=$flag env=$env profile=$stored → $source', async ({ flag, env, stored, url, source }) => {
    const s = await run({ baseUrl: flag }, { MASG_BASE_URL: env }, { default: { ...DEFAULT, baseUrl: stored } });
    expect([s.baseUrl, s.baseUrlSource]).toEqual([url, source]);
  });

  it('none → ConfigError naming --base-url, MASG_BASE_URL and masg login', async () => {
    const e = await configError(run({}, {}, { default: { ...DEFAULT, baseUrl: undefined } }));
    expect(e.message).toBe('No base URL configured (profile "default").');
    for (const s of ['--base-url', 'MASG_BASE_URL', 'masg login']) expect(e.hint).toContain(s);
  });

  it('each source is checked, the error naming that source', async () => {
    await expect(run({ baseUrl: 'http://10.0.0.1' }, {})).rejects.toMatchObject({ field: '--base-url' });
    await expect(run({}, { MASG_BASE_URL: 'http://10.0.0.1' })).rejects.toMatchObject({ field: 'MASG_BASE_URL' });
    await expect(run({}, {}, { default: { ...DEFAULT, baseUrl: 'http://api.example' } })).rejects.toMatchObject({
      field: 'baseUrl of profile "default"',
    });
  });

  it('is normalised (no trailing slash) and may keep a path prefix', async () => {
    expect((await run({ baseUrl: 'https://h.example/v1/' }, {})).baseUrl).toBe('https://h.example/v1');
  });
});

describe('everything else', () => {
  it('cron: env only, no config file at all', async () => {
    const s = await run({}, { MASG_EMAIL: 'cron@x.io', MASG_DEVELOPER_KEY: 'k-cron-123456', MASG_BASE_URL: 'https://api.example' }, {});
    expect(s).toEqual({
      profile: 'default',
      profileSource: 'default',
      email: 'cron@x.io',
      emailSource: 'env',
      key: 'k-cron-123456',
      keySource: 'env',
      keyLocation: 'environment variable MASG_DEVELOPER_KEY',
      baseUrl: 'https://api.example',
      baseUrlSource: 'env',
      timezoneSource: 'none',
      warnings: [],
    });
  });

  it('the zone: MASG_TIMEZONE over the profile\'s; unknown is "none", never the host\'s', async () => {
    const env = { MASG_EMAIL: 'cron@x.io', MASG_DEVELOPER_KEY: 'k-cron-123456', MASG_BASE_URL: 'https://api.example' };
    expect(await run({}, env, {})).not.toHaveProperty('timezone');
    expect(await run({}, { ...env, MASG_TIMEZONE: 'Pacific/Kiritimati' }, {})).toMatchObject({
      timezone: 'Pacific/Kiritimati',
      timezoneSource: 'env',
    });
    const stored = { default: { email: 'a@x.io', key: 'k', baseUrl: 'https://api.example', timezone: 'Asia/Tokyo' } };
    expect(await run({}, {}, stored)).toMatchObject({ timezone: 'Asia/Tokyo', timezoneSource: 'profile' });
    expect(await run({}, { MASG_TIMEZONE: 'Pacific/Pago_Pago' }, stored)).toMatchObject({
      timezone: 'Pacific/Pago_Pago',
      timezoneSource: 'env',
    });
    expect(await run({}, { MASG_TIMEZONE: ' ' }, stored)).toMatchObject({ timezone: 'Asia/Tokyo', timezoneSource: 'profile' });
    await expect(run({}, { MASG_TIMEZONE: 'Mars/Olympus' }, stored)).rejects.toMatchObject({ field: 'MASG_TIMEZONE', exitCode: 2 });
    const edited = { default: { ...stored.default, timezone: 'Europe/Pariss' } };
    await expect(run({}, {}, edited)).rejects.toMatchObject({ exitCode: 3 });
  });

  it('empty environment variables count as unset', async () => {
    const s = await run({}, { MASG_EMAIL: '', MASG_DEVELOPER_KEY: ' ', MASG_BASE_URL: '', MASG_PROFILE: '' });
    expect([s.email, s.key, s.baseUrl]).toEqual([DEFAULT.email, DEFAULT.key, DEFAULT.baseUrl]);
  });

  it('nothing at all → one ConfigError listing everything missing', async () => {
    const e = await configError(run({}, {}, {}));
    expect(e.message).toBe(
      'No e-mail, developer key and base URL configured (no profile "default" is stored and the environment does not provide it).',
    );
    expect(e.exitCode).toBe(3);
  });

  it('profile key: location from the store, timezone from the profile, permission warning passed on', async () => {
    const store = createMemoryStore({ default: DEFAULT }, { path: '/home/u/.config/masg/config.json', permissionWarning: 'too open' });
    const s = await resolveSettings({ flags: {}, env: {}, store });
    expect(s.keyLocation).toBe('config file /home/u/.config/masg/config.json');
    expect(s.timezone).toBe('Europe/Berlin');
    expect(s.warnings).toEqual(['too open']);
    // The file's mode does not matter when the key does not come from it.
    const fromEnv = await resolveSettings({ flags: {}, env: { MASG_DEVELOPER_KEY: 'k' }, store });
    expect(fromEnv.warnings).toEqual([]);
  });

  it('partial (for whoami) reports what is known instead of failing', async () => {
    const s = await run({}, { MASG_EMAIL: 'only@x.io' }, {}, true);
    expect(s).toMatchObject({ email: 'only@x.io', key: '', keySource: 'none', keyLocation: '', baseUrl: '', baseUrlSource: 'none' });
  });
});

describe('--sandbox', () => {
  const sandbox = { url: 'http://127.0.0.1:40001', email: 'demo@sandbox.masg', key: 'demo-key-0000' };
  it('is a flag, so it beats env and profile', async () => {
    const s = await run(
      { sandbox },
      { MASG_EMAIL: 'env@x.io', MASG_DEVELOPER_KEY: 'env', MASG_BASE_URL: 'https://env.example', MASG_PROFILE: 'work' },
    );
    expect(s).toMatchObject({
      email: sandbox.email,
      key: sandbox.key,
      keySource: 'sandbox',
      baseUrl: sandbox.url,
      baseUrlSource: 'sandbox',
    });
  });

  it('contradicting flags are a UsageError', async () => {
    await expect(run({ sandbox, baseUrl: 'https://x.example' }, {})).rejects.toMatchObject({ field: '--base-url', exitCode: 2 });
    await expect(run({ sandbox, profile: 'work' }, {})).rejects.toMatchObject({ field: '--profile' });
  });
});
