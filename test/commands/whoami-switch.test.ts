// whoami checks the credentials with the service (as `gh auth status`): accepted, rejected (exit
// 4, still printed), or not checked offline with a note. `masg switch` changes the active profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, tempDir, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('whoami checks the credentials', () => {
  it('accepted: exit 0, check "accepted"', async () => {
    const run = await h.masg(['whoami', '-o', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ email: h.sandbox.demo.email, check: 'accepted' });
  });

  it('rejected by the service: printed with check "rejected", then exit 4, the key never shown', async () => {
    const wrong = 'wrong-key-123456789';
    const run = await h.masg(['whoami', '-o', 'json'], { env: { MASG_DEVELOPER_KEY: wrong } });
    expect(run.code).toBe(4);
    expect(JSON.parse(run.stdout)).toMatchObject({ check: 'rejected' });
    expect(run.stderr).toContain('rejected the credentials');
    expect(run.stdout + run.stderr).not.toContain(wrong);
  });

  it('restricted (1004): the hint says the account is limited to other addresses, not "check the key"', async () => {
    const r = h.sandbox.accounts.find((a) => a.restricted)!;
    const run = await h.masg(['pub', 'list'], { env: { MASG_EMAIL: r.email, MASG_DEVELOPER_KEY: r.key } });
    expect(run.code).toBe(4);
    const text = run.stderr.replace(/\s+/g, ' ');
    expect(text).toContain('(code 1004)');
    expect(text).toContain('only be used from other IP addresses');
    expect(text).not.toContain('Check the e-mail and developer key');
  });

  it('offline: still answers (exit 0), check "not checked", and says why', async () => {
    const run = await h.masg(['whoami', '--retries', '0', '-o', 'json'], { env: { MASG_BASE_URL: 'http://127.0.0.1:9' } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ email: h.sandbox.demo.email, check: 'not checked' });
    expect(run.stderr).toContain('the credentials were not checked with the service');
  });
});

describe('masg switch', () => {
  const bare = (dir: string) => ({ MASG_CONFIG_DIR: dir, MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined, MASG_BASE_URL: undefined });
  const login = (dir: string, profile: string, account: { email: string; key: string }) =>
    h.masg(
      [
        '--profile',
        profile,
        '--base-url',
        h.sandbox.url,
        'login',
        '--email',
        account.email,
        '--timezone',
        'UTC',
        '--key-stdin',
        '--no-keyring',
      ],
      { env: bare(dir), stdin: account.key },
    );

  it('makes a saved profile the one commands use; MASG_PROFILE and --profile still win', async () => {
    const dir = tempDir();
    expect((await login(dir, 'default', h.sandbox.demo)).code).toBe(0);
    expect((await login(dir, 'other', h.sandbox.other)).code).toBe(0);
    const who = async (extra: Record<string, string> = {}, argv: string[] = []) =>
      JSON.parse((await h.masg([...argv, 'whoami', '-o', 'json'], { env: { ...bare(dir), ...extra } })).stdout) as {
        profile: string;
        email: string;
      };
    expect(await who()).toMatchObject({ profile: 'default', email: h.sandbox.demo.email });

    const switched = await h.masg(['switch', 'other'], { env: bare(dir) });
    expect(switched.code).toBe(0);
    expect(switched.stderr).toContain('"other" is now the active one');
    expect(await who()).toMatchObject({ profile: 'other', email: h.sandbox.other.email });
    expect((await h.masg(['adv', 'list', '-o', 'csv'], { env: bare(dir) })).code).toBe(0);
    const profiles = JSON.parse((await h.masg(['profiles', '-o', 'json'], { env: bare(dir) })).stdout) as Array<{
      name: string;
      active: boolean;
    }>;
    expect(profiles.find((p) => p.active)?.name).toBe('other');
    expect(await who({ MASG_PROFILE: 'default' })).toMatchObject({ profile: 'default' });
    expect(await who({}, ['--profile', 'default'])).toMatchObject({ profile: 'default' });

    // Logging out of the active profile falls back to the default, not to an error.
    expect((await h.masg(['logout'], { env: bare(dir) })).code).toBe(0);
    expect(await who()).toMatchObject({ profile: 'default' });
  });

  it('the first login, with --profile: that profile becomes the active one, and whoami works at once', async () => {
    const dir = tempDir();
    const first = await login(dir, 'acme', h.sandbox.demo);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Profile "acme" is now the active one');
    const who = await h.masg(['whoami', '-o', 'json'], { env: bare(dir) });
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ profile: 'acme', email: h.sandbox.demo.email });
    const profiles = JSON.parse((await h.masg(['profiles', '-o', 'json'], { env: bare(dir) })).stdout) as Array<{
      name: string;
      active: boolean;
    }>;
    expect(profiles).toEqual([expect.objectContaining({ name: 'acme', active: true })]);

    // A second login leaves the active profile alone, and says how to use the new one.
    const second = await login(dir, 'beta', h.sandbox.other);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('`masg switch beta`');
    expect(JSON.parse((await h.masg(['whoami', '-o', 'json'], { env: bare(dir) })).stdout)).toMatchObject({ profile: 'acme' });
  });

  it('a login beside a default profile does not take its place', async () => {
    const dir = tempDir();
    expect((await login(dir, 'default', h.sandbox.demo)).code).toBe(0);
    const named = await login(dir, 'acme', h.sandbox.other);
    expect(named.stderr).toContain('`masg switch acme`');
    expect(JSON.parse((await h.masg(['whoami', '-o', 'json'], { env: bare(dir) })).stdout)).toMatchObject({ profile: 'default' });
  });

  it('a profile that is not saved: exit 3, naming `masg profiles`, nothing changed', async () => {
    const dir = tempDir();
    expect((await login(dir, 'default', h.sandbox.demo)).code).toBe(0);
    const run = await h.masg(['switch', 'nope'], { env: bare(dir) });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('masg profiles');
    expect(JSON.parse((await h.masg(['whoami', '-o', 'json'], { env: bare(dir) })).stdout)).toMatchObject({ profile: 'default' });
  });
});
