// fromProfile / createClient.fromProfile: the CLI's precedence (MASG_* over the profile,
// MASG_PROFILE when no name is given), decided by resolveSettings, against a real config file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/config/conf-store.js';
import { ConfigError, createClient, fromProfile, UsageError } from '../../src/index.js';
import { rejection, useSandbox, watchingOutput } from './setup.js';

const h = useSandbox();
let dir: string;
const env = (extra: Record<string, string> = {}) => ({ MASG_CONFIG_DIR: dir, MASG_KEYRING: '0', ...extra });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'masg-sdk-profile-'));
  const store = await openStore(dir, { env: env() });
  await store.set('default', {
    email: h.sb.accounts.demo.email,
    key: h.sb.accounts.demo.key,
    baseUrl: h.sb.baseUrl,
    timezone: 'America/New_York',
  });
  await store.set('other', { email: h.sb.accounts.other.email, key: h.sb.accounts.other.key, baseUrl: h.sb.baseUrl });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fromProfile', () => {
  it('the default profile, with its time zone', async () => {
    const o = await fromProfile(undefined, { env: env() });
    expect(o).toMatchObject({
      profile: 'default',
      email: h.sb.accounts.demo.email,
      key: h.sb.accounts.demo.key,
      baseUrl: h.sb.baseUrl,
      timeZone: 'America/New_York',
    });
  });

  it('a name beats MASG_PROFILE; MASG_PROFILE beats the default', async () => {
    expect((await fromProfile('default', { env: env({ MASG_PROFILE: 'other' }) })).email).toBe(h.sb.accounts.demo.email);
    expect((await fromProfile(undefined, { env: env({ MASG_PROFILE: 'other' }) })).email).toBe(h.sb.accounts.other.email);
  });

  it('MASG_EMAIL, MASG_DEVELOPER_KEY and MASG_BASE_URL beat the profile', async () => {
    const o = await fromProfile('other', {
      env: env({ MASG_EMAIL: h.sb.accounts.demo.email, MASG_DEVELOPER_KEY: 'env-key-0000', MASG_BASE_URL: 'https://env.example' }),
    });
    expect(o).toMatchObject({ email: h.sb.accounts.demo.email, key: 'env-key-0000', baseUrl: 'https://env.example' });
  });

  it('a missing named profile is ConfigError; a bad MASG_BASE_URL is UsageError', async () => {
    expect(await rejection(fromProfile('nosuch', { env: env() }))).toBeInstanceOf(ConfigError);
    expect(await rejection(fromProfile(undefined, { env: env({ MASG_BASE_URL: 'ftp://x' }) }))).toBeInstanceOf(UsageError);
    const empty = mkdtempSync(join(tmpdir(), 'masg-sdk-empty-'));
    try {
      expect(await rejection(fromProfile(undefined, { env: { MASG_CONFIG_DIR: empty, MASG_KEYRING: '0' } }))).toBeInstanceOf(ConfigError);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('createClient(await fromProfile(name)) works as documented', async () => {
    const client = createClient({ ...(await fromProfile('other', { env: env() })), retries: 0 });
    try {
      const [adv] = await client.listAdvertisers().toArray();
      const theirs = await createClient({ baseUrl: h.sb.baseUrl, ...h.sb.accounts.other })
        .listAdvertisers()
        .toArray();
      expect(adv).toEqual(theirs[0]);
    } finally {
      await client.close();
    }
  });

  it('createClient.fromProfile talks to the service as that account, silently', async () => {
    const { result, writes, error } = await watchingOutput(async () => {
      const client = await createClient.fromProfile('other', { env: env(), overrides: { retries: 0 } });
      try {
        return (await client.listPublications().toArray()).length;
      } finally {
        await client.close();
      }
    });
    expect(error).toBeUndefined();
    expect(writes).toEqual([]);
    const theirs = await createClient({ baseUrl: h.sb.baseUrl, ...h.sb.accounts.other })
      .listPublications()
      .toArray();
    expect(result).toBe(theirs.length);
  });
});
