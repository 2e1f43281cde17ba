// `masg profiles` lists every saved profile (name, e-mail, base URL, time zone, where the key
// lives, which one is active) and never a key; `whoami` shows the time zone that login set.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir, useHarness, type Harness } from '../commands/harness.js';

let h: Harness;
useHarness((harness) => (h = harness));

async function loggedIn() {
  const dir = tempDir();
  const env = { MASG_CONFIG_DIR: dir, MASG_KEYRING: '0' };
  const { email, key } = h.sandbox.demo;
  const login = (profile: string, extra: string[]) =>
    runCli(['login', '--profile', profile, '--email', email, '--base-url', h.sandbox.url, '--key-stdin', ...extra], {
      env,
      stdin: `${key}\n`,
    });
  expect((await login('default', ['--timezone', 'Europe/Madrid'])).code).toBe(0);
  // A profile always gets a zone: without a terminal and without --timezone, login refuses.
  const refused = await login('ci', []);
  expect(refused.code).toBe(3);
  expect(refused.stderr).toContain('pass --timezone <zone>');
  expect((await login('ci', ['--timezone', 'Pacific/Kiritimati'])).code).toBe(0);
  // A profile saved by an older masg, without a zone: it still loads, as "zone unknown".
  const file = join(dir, 'config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, unknown> };
  config.profiles.old = { email, key, baseUrl: h.sandbox.url };
  writeFileSync(file, JSON.stringify(config), { mode: 0o600 });
  return { dir, env, key };
}

describe('masg profiles', () => {
  it('every profile, the active one marked, never the key (every format)', async () => {
    const { env, key, dir } = await loggedIn();
    h.mark(); // the logins' own checks
    const json = await runCli(['profiles', '-o', 'json'], { env });
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toEqual([
      {
        active: false,
        name: 'ci',
        email: h.sandbox.demo.email,
        baseUrl: h.sandbox.url,
        timezone: 'Pacific/Kiritimati',
        timezoneSource: 'profile',
        keyLocation: `config file ${dir}/config.json`,
        notifyUrl: 'none',
      },
      {
        active: true,
        name: 'default',
        email: h.sandbox.demo.email,
        baseUrl: h.sandbox.url,
        timezone: 'Europe/Madrid',
        timezoneSource: 'profile',
        keyLocation: `config file ${dir}/config.json`,
        notifyUrl: 'none',
      },
      {
        active: false,
        name: 'old',
        email: h.sandbox.demo.email,
        baseUrl: h.sandbox.url,
        timezone: null,
        timezoneSource: 'none',
        keyLocation: `config file ${dir}/config.json`,
        notifyUrl: 'none',
      },
    ]);
    const ci = JSON.parse((await runCli(['--profile', 'ci', 'profiles', '-o', 'json'], { env })).stdout);
    expect(ci.map((p: { active: boolean }) => p.active)).toEqual([true, false, false]);
    const viaEnv = JSON.parse((await runCli(['profiles', '-o', 'json'], { env: { ...env, MASG_PROFILE: 'ci' } })).stdout);
    expect(viaEnv.map((p: { active: boolean }) => p.active)).toEqual([true, false, false]);
    // MASG_TIMEZONE is the active profile's zone, as for every command.
    const zoned = JSON.parse((await runCli(['profiles', '-o', 'json'], { env: { ...env, MASG_TIMEZONE: 'Pacific/Pago_Pago' } })).stdout);
    expect(zoned.map((p: { timezone: string; timezoneSource: string }) => [p.timezone, p.timezoneSource])).toEqual([
      ['Pacific/Kiritimati', 'profile'],
      ['Pacific/Pago_Pago', 'env'],
      [null, 'none'],
    ]);
    for (const format of ['table', 'csv', 'tsv', 'json', 'ndjson']) {
      const run = await runCli(['profiles', '-o', format, '--debug'], { env, tty: format === 'table' });
      expect(run.code).toBe(0);
      expect(run.stdout + run.stderr).not.toContain(key);
    }
    expect(h.sent()).toEqual([]); // a local listing: nothing is sent
  });

  it('no profiles: an empty list, exit 0, and how to create one', async () => {
    const run = await runCli(['profiles', '-o', 'json'], { env: { MASG_CONFIG_DIR: tempDir() } });
    expect(run).toMatchObject({ code: 0, stdout: '[]\n' });
    expect(run.stderr).toContain('`masg login` creates it');
  });

  it('environment credentials are said to take precedence', async () => {
    const { env } = await loggedIn();
    const run = await runCli(['profiles', '-o', 'csv'], { env: { ...env, MASG_EMAIL: 'x@y.z' } });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('MASG_EMAIL / MASG_DEVELOPER_KEY are set');
  });
});

describe('whoami and the time zone', () => {
  it("shows the zone and where it came from: MASG_TIMEZONE, the profile, the sandbox; unknown is said, never the host's", async () => {
    const { env } = await loggedIn();
    const mine = JSON.parse((await runCli(['whoami', '-o', 'json'], { env })).stdout);
    expect(mine).toMatchObject({ profile: 'default', timezone: 'Europe/Madrid', timezoneSource: 'profile' });
    const viaEnv = JSON.parse((await runCli(['whoami', '-o', 'json'], { env: { ...env, MASG_TIMEZONE: 'Pacific/Pago_Pago' } })).stdout);
    expect(viaEnv).toMatchObject({ profile: 'default', timezone: 'Pacific/Pago_Pago', timezoneSource: 'env' });
    const old = await runCli(['--profile', 'old', 'whoami', '-o', 'json'], { env });
    expect(old.code).toBe(0);
    expect(JSON.parse(old.stdout)).toMatchObject({ profile: 'old', timezone: null, timezoneSource: 'none' });
    expect(old.stderr).toContain("The account's time zone is not known");
    for (const way of ['--tz', 'MASG_TIMEZONE', 'masg login --timezone']) expect(old.stderr).toContain(way);
    const sandbox = JSON.parse((await runCli(['--sandbox', 'whoami', '-o', 'json'], { env })).stdout);
    expect(sandbox).toMatchObject({ timezone: h.sandbox.demo.timezone, timezoneSource: 'sandbox' });
  });
});
