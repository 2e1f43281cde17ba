// The webhook of `masg pulse --notify` kept in the profile, a secret like the key: `masg notify-url
// set` reads it from stdin (never argv), stores it in the keyring (the fake secret-tool of
// fake-keyring.ts, the URL on its stdin) or, without one, in the private config file; a bare
// --notify posts to it; --notify URL, then MASG_NOTIFY_URL win over it; whoami and profiles say
// whether one is set. A local HTTP receiver records every post, and no byte of any output holds
// the URL's secret path.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runCli, type CliRun } from '../helpers/cli.js';
import { FAKE } from './fake-keyring.js';

// The demo's Spring Sale spends past its daily budget every day: a pulse of any day has an alert.
const NOW = new Date('2024-06-15T12:34:00Z');
const DAY = '2024-06-14';
const SECRET = 'T0PROFILE/B0PROFILE/xoxProfileToken42';

let sandbox: Sandbox;
let receiver: Server;
let received: string[] = [];
let base: string;
let root: string;
let bin: string;
const runs: CliRun[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => NOW });
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '');
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  root = mkdtempSync(join(tmpdir(), 'masg-notify-url-'));
  bin = join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'secret-tool'), FAKE);
  chmodSync(join(bin, 'secret-tool'), 0o755);
}, 30_000);
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
let env: Record<string, string | undefined>;
beforeEach(() => {
  const dir = join(root, `case-${++n}`);
  mkdirSync(dir);
  received = [];
  env = {
    PATH: [bin, dirname(process.execPath)].join(delimiter),
    MASG_CONFIG_DIR: join(dir, 'config'),
    FAKE_KEYRING_FILE: join(dir, 'keyring.json'),
    FAKE_KEYRING_LOG: join(dir, 'calls.log'),
  };
});

/** The profile's URL: its secret part after a path that says which source was used. */
const url = (source: string) => `${base}/${source}/${SECRET}`;

async function masg(argv: string[], extra: Record<string, string | undefined> = {}, stdin?: string): Promise<CliRun> {
  const run = await runCli(argv, { env: { ...env, ...extra }, stdin });
  runs.push(run);
  return run;
}
const login = (extra: Record<string, string> = {}) =>
  masg(
    ['login', '--email', sandbox.demo.email, '--base-url', sandbox.url, '--timezone', sandbox.demo.timezone, '--key-stdin'],
    extra,
    `${sandbox.demo.key}\n`,
  );
const setUrl = (value: string, extra: Record<string, string> = {}) => masg(['notify-url', 'set'], extra, `${value}\n`);
/** A pulse of DAY with a bare --notify, the state of earlier posts forgotten so that its alert is new. */
const pulse = (argv: string[] = [], extra: Record<string, string> = {}) => {
  rmSync(join(env.MASG_CONFIG_DIR!, 'pulse'), { recursive: true, force: true });
  return masg(['pulse', '--date', DAY, '-o', 'json', '--notify', ...argv], extra);
};
const configFile = () => readFileSync(join(env.MASG_CONFIG_DIR!, 'config.json'), 'utf8');
const keyringFile = (): Record<string, string> =>
  existsSync(env.FAKE_KEYRING_FILE!) ? (JSON.parse(readFileSync(env.FAKE_KEYRING_FILE!, 'utf8')) as Record<string, string>) : {};
const keyringArgv = () => (existsSync(env.FAKE_KEYRING_LOG!) ? readFileSync(env.FAKE_KEYRING_LOG!, 'utf8') : '');
const json = (run: CliRun) => JSON.parse(run.stdout) as Record<string, unknown>;

describe('in the keyring', () => {
  it('set: on stdin into the keyring (its own item, never in argv), the file only says where; a bare --notify posts to it', async () => {
    expect((await login()).code).toBe(0);
    const set = await setUrl(url('profile'));
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('Saved the webhook URL of profile "default" in the system keyring');
    expect(JSON.parse(configFile()).profiles.default).toMatchObject({ keyring: true, notifyUrlKeyring: true });
    expect(configFile()).not.toContain(SECRET);
    const scope = join(env.MASG_CONFIG_DIR!);
    expect(keyringFile()[`service masg-notify-url account default scope ${scope}`]).toBe(url('profile'));
    expect(keyringFile()[`service masg account default scope ${scope}`]).toBe(sandbox.demo.key);
    expect(keyringArgv()).not.toContain(SECRET);

    const run = await pulse();
    expect(run.code, run.stderr).toBe(9);
    expect(received).toEqual([`/profile/${SECRET}`]);
  });

  it('whoami masks it and names its source; profiles says where it is kept; a new login keeps it', async () => {
    expect((await login()).code).toBe(0);
    expect((await setUrl(url('profile'))).code).toBe(0);
    const who = await masg(['whoami', '-o', 'json']);
    expect(json(who)).toMatchObject({ notifyUrlSource: 'profile', notifyUrl: `••••••••${SECRET.slice(-4)}` });
    const listed = await masg(['profiles', '-o', 'json']);
    expect((json(listed) as unknown as Array<Record<string, string>>)[0]).toMatchObject({ name: 'default', notifyUrl: 'system keyring' });
    const table = await runCli(['profiles', '--wide'], { env, tty: true });
    expect(table.stdout).toContain('system keyring');
    runs.push(table);

    expect((await login()).code).toBe(0);
    expect(json(await masg(['whoami', '-o', 'json']))).toMatchObject({ notifyUrlSource: 'profile' });
    expect((await pulse()).code).toBe(9);
    expect(received).toEqual([`/profile/${SECRET}`]);
  });

  it('precedence: --notify URL, then MASG_NOTIFY_URL, then the profile', async () => {
    expect((await login()).code).toBe(0);
    expect((await setUrl(url('profile'))).code).toBe(0);
    expect((await pulse([], { MASG_NOTIFY_URL: url('env') })).code).toBe(9);
    expect((await pulse([url('flag')], { MASG_NOTIFY_URL: url('env') })).code).toBe(9);
    expect((await pulse(['--debug'])).code).toBe(9);
    expect(received).toEqual([`/env/${SECRET}`, `/flag/${SECRET}`, `/profile/${SECRET}`]);
    expect(json(await masg(['whoami', '-o', 'json'], { MASG_NOTIFY_URL: url('env') }))).toMatchObject({ notifyUrlSource: 'env' });
  });

  it('remove forgets it (keyring item included); a bare --notify is then exit 2 pointing to notify-url set; logout clears it too', async () => {
    expect((await login()).code).toBe(0);
    const dry = await masg(['--dry-run', 'notify-url', 'set'], {}, url('dry'));
    expect(dry.code).toBe(0);
    expect(keyringFile()).not.toHaveProperty(`service masg-notify-url account default scope ${join(env.MASG_CONFIG_DIR!)}`);
    expect((await setUrl(url('profile'))).code).toBe(0);
    expect((await masg(['--dry-run', 'notify-url', 'remove'])).stderr).toContain('would be removed');
    expect(json(await masg(['whoami', '-o', 'json']))).toMatchObject({ notifyUrlSource: 'profile' });
    const removed = await masg(['notify-url', 'remove']);
    expect(removed.code).toBe(0);
    expect(removed.stderr).toContain('Removed the webhook URL of profile "default".');
    expect(Object.values(keyringFile())).toEqual([sandbox.demo.key]);
    expect(JSON.parse(configFile()).profiles.default.notifyUrlKeyring).toBeUndefined();
    expect((json(await masg(['profiles', '-o', 'json'])) as unknown as Array<Record<string, string>>)[0]!.notifyUrl).toBe('none');
    const none = await pulse();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('notify-url set');
    expect(received).toEqual([]);

    expect((await setUrl(url('profile'))).code).toBe(0);
    expect((await masg(['logout'])).code).toBe(0);
    expect(keyringFile()).toEqual({});
  });
});

describe('a keyring that cannot be reached', () => {
  it('set: saved in the file instead, with a notice saying why; a URL in the keyring then is exit 3 saying where, whoami warns', async () => {
    expect((await login()).code).toBe(0);
    const unreachable = { FAKE_KEYRING_MODE: 'unreachable' };
    const fallback = await setUrl(url('fallback'), unreachable);
    expect(fallback.code, fallback.stderr).toBe(0);
    expect(fallback.stderr).toContain('The webhook URL was saved in the config file');
    expect(fallback.stderr).toContain('Cannot autolaunch D-Bus');
    expect(JSON.parse(configFile()).profiles.default.notifyUrl).toBe(url('fallback'));

    expect((await setUrl(url('profile'))).code).toBe(0);
    expect(configFile()).not.toContain(SECRET);
    const withKey = { ...unreachable, MASG_DEVELOPER_KEY: sandbox.demo.key };
    const run = await pulse([], withKey);
    expect(run.code).toBe(3);
    expect((JSON.parse(run.stderr) as { error: { message: string } }).error.message).toContain(
      'The webhook URL of profile "default" is in the system keyring',
    );
    expect(run.stderr).toContain('MASG_NOTIFY_URL');
    expect(received).toEqual([]);
    const who = await masg(['whoami', '-o', 'json'], withKey);
    expect(who.stderr).toContain('The webhook URL of profile "default" is in the system keyring');
    expect(json(who)).toMatchObject({ notifyUrlSource: 'unknown' });
  });
});

describe('without a keyring', () => {
  it('MASG_KEYRING=0: in the config file, readable only by its owner; used as from the keyring', async () => {
    const noKeyring = { MASG_KEYRING: '0' };
    expect((await login(noKeyring)).code).toBe(0);
    const set = await setUrl(url('file'), noKeyring);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(configFile()).profiles.default.notifyUrl).toBe(url('file'));
    expect(statSync(join(env.MASG_CONFIG_DIR!, 'config.json')).mode & 0o777).toBe(0o600);
    expect(keyringArgv()).toBe('');
    const listed = await masg(['profiles', '-o', 'json'], noKeyring);
    expect((json(listed) as unknown as Array<Record<string, string>>)[0]!.notifyUrl).toBe('config file');
    expect((await pulse([], noKeyring)).code).toBe(9);
    expect(received).toEqual([`/file/${SECRET}`]);
  });
});

describe('refusals never quote the URL', () => {
  it('a URL that is not http(s), an empty one, two lines, no profile, --sandbox, an unknown action', async () => {
    expect((await login()).code).toBe(0);
    const bad = await setUrl(`ftp://user:pw@127.0.0.1/${SECRET}`);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('the webhook is not an http:// or https:// URL');
    expect((await setUrl('')).code).toBe(2);
    expect((await masg(['notify-url', 'set'], {}, `${url('a')}\n${url('b')}\n`)).code).toBe(2);
    const nobody = await masg(['--profile', 'nobody', 'notify-url', 'set'], {}, url('x'));
    expect(nobody.code).toBe(3);
    expect(nobody.stderr).toContain('There is no profile named "nobody"');
    expect((await masg(['--sandbox', 'notify-url', 'set'], {}, url('x'))).code).toBe(2);
    expect((await masg(['notify-url', 'sett'])).code).toBe(2);
    // Not saved by any of them.
    expect(json(await masg(['whoami', '-o', 'json']))).toMatchObject({ notifyUrlSource: 'none', notifyUrl: null });
    // A hand-edited profile with a bad URL: a configuration error, the URL not quoted either.
    const file = JSON.parse(configFile()) as { profiles: Record<string, Record<string, unknown>> };
    file.profiles.default!.notifyUrl = `mailto:${SECRET}`;
    file.profiles.default!.notifyUrlKeyring = undefined;
    writeFileSync(join(env.MASG_CONFIG_DIR!, 'config.json'), JSON.stringify(file));
    const edited = await masg(['pulse', '--date', DAY, '--notify'], { MASG_KEYRING: '0' });
    expect(edited.code).toBe(3);
  });

  it('no byte of any output of this file holds the URL or its secret path', () => {
    expect(runs.length).toBeGreaterThan(30);
    for (const run of runs) {
      for (const text of [run.stdout, run.stderr]) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain('B0PROFILE');
        expect(text).not.toContain(encodeURIComponent(SECRET));
      }
    }
  });
});
