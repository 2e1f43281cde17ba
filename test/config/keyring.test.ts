// The key in the OS keyring (Linux: Secret Service via `secret-tool`), the file as fallback.
// A fake `secret-tool` first on PATH (through the injected env) speaks the real tool's protocol,
// keeps secrets in a JSON file, and logs every argv, so the tests can see that the key never
// appears on a command line. The last block drives the real tool against gnome-keyring on a
// private D-Bus session when those are installed (.ci/run installs them).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KeyringUnavailable, secretTool, systemKeyring } from '../../src/config/keyring.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli.js';
import { FAKE } from './fake-keyring.js';

let sandbox: Sandbox;
let root: string;
let bin: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  root = mkdtempSync(join(tmpdir(), 'masg-keyring-'));
  bin = join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'secret-tool'), FAKE);
  chmodSync(join(bin, 'secret-tool'), 0o755);
});
afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
let dir: string;
let env: Record<string, string | undefined>;
const nodeDir = dirname(process.execPath);
beforeEach(() => {
  dir = join(root, `case-${++n}`);
  mkdirSync(dir);
  env = {
    PATH: [bin, nodeDir].join(delimiter),
    MASG_CONFIG_DIR: join(dir, 'config'),
    FAKE_KEYRING_FILE: join(dir, 'keyring.json'),
    FAKE_KEYRING_LOG: join(dir, 'calls.log'),
  };
});

const masg = (argv: string[], extra: Record<string, string | undefined> = {}, stdin?: string) =>
  runCli(argv, { env: { ...env, ...extra }, stdin });
const login = (extra: Record<string, string | undefined> = {}, flags: string[] = []) =>
  masg(
    ['login', '--email', sandbox.demo.email, '--base-url', sandbox.url, '--timezone', sandbox.demo.timezone, '--key-stdin', ...flags],
    extra,
    `${sandbox.demo.key}\n`,
  );
const calls = (): string[][] =>
  existsSync(env.FAKE_KEYRING_LOG!)
    ? readFileSync(env.FAKE_KEYRING_LOG!, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
    : [];
const configFile = () => JSON.parse(readFileSync(join(env.MASG_CONFIG_DIR!, 'config.json'), 'utf8'));
const keyringFile = () => (existsSync(env.FAKE_KEYRING_FILE!) ? JSON.parse(readFileSync(env.FAKE_KEYRING_FILE!, 'utf8')) : {});

describe('with a keyring', () => {
  it('login puts the key in the keyring (on stdin, never in argv), the rest in the file; whoami says where', async () => {
    const run = await login();
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('the key in the system keyring (Secret Service), service "masg", account "default"');
    expect(configFile().profiles.default).toEqual({
      email: sandbox.demo.email,
      timezone: sandbox.demo.timezone,
      baseUrl: sandbox.url,
      keyring: true,
    });
    expect(Object.values(keyringFile())).toEqual([sandbox.demo.key]); // exactly the key: no newline
    const scope = `service masg account default scope ${join(env.MASG_CONFIG_DIR!)}`;
    expect(Object.keys(keyringFile())).toEqual([scope]);
    for (const argv of calls()) expect(argv.join(' ')).not.toContain(sandbox.demo.key);

    const who = await masg(['whoami', '-o', 'json']);
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({
      keySource: 'profile',
      keyLocation: 'the system keyring (Secret Service), service "masg", account "default"',
    });
    expect(who.stdout).not.toContain(sandbox.demo.key);

    const list = await masg(['adv', 'list', '-o', 'csv']);
    expect(list.code).toBe(0);
    expect(list.stderr).toBe('');
    expect(calls().at(-1)![0]).toBe('lookup');
  });

  it('logout removes the key from the keyring too', async () => {
    expect((await login()).code).toBe(0);
    const out = await masg(['logout']);
    expect(out.code).toBe(0);
    expect(keyringFile()).toEqual({});
    expect(calls().map((c) => c[0])).toContain('clear');
  });

  it('MASG_DEVELOPER_KEY wins without asking the keyring at all', async () => {
    expect((await login()).code).toBe(0);
    const before = calls().length;
    const run = await masg(['adv', 'list', '-o', 'csv'], { MASG_DEVELOPER_KEY: sandbox.demo.key, FAKE_KEYRING_MODE: 'unreachable' });
    expect(run.code).toBe(0);
    expect(calls().length).toBe(before);
  });

  it('a keyring that cannot be reached later: exit 3 saying so; whoami still answers, with a warning', async () => {
    expect((await login()).code).toBe(0);
    const run = await masg(['adv', 'list'], { FAKE_KEYRING_MODE: 'unreachable' });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      'The developer key of profile "default" is in the system keyring (Secret Service), which could not be reached: Cannot autolaunch D-Bus without X11 $DISPLAY.',
    );
    expect(run.stderr).toContain('MASG_DEVELOPER_KEY');
    const who = await masg(['whoami', '-o', 'json'], { FAKE_KEYRING_MODE: 'unreachable' });
    expect(who.code).toBe(0);
    expect(who.stderr).toContain('could not be reached');
  });
});

describe('the file as fallback, with a notice saying why', () => {
  it.each([
    [
      'secret-tool is not installed',
      { PATH: '/nonexistent-bin' },
      /not in the system keyring \(Secret Service\): secret-tool is not installed \(package libsecret-tools\)\./,
    ],
    [
      'no D-Bus session',
      { FAKE_KEYRING_MODE: 'unreachable' },
      /not in the system keyring \(Secret Service\): Cannot autolaunch D-Bus without X11 \$DISPLAY\./,
    ],
  ])('%s', async (_why, extra, notice) => {
    const run = await login(extra);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(notice);
    expect(run.stderr).toContain('The developer key was saved in the config file');
    expect(configFile().profiles.default).toEqual({
      email: sandbox.demo.email,
      timezone: sandbox.demo.timezone,
      key: sandbox.demo.key,
      baseUrl: sandbox.url,
    });
    const who = JSON.parse((await masg(['whoami', '-o', 'json'], extra)).stdout);
    expect(who.keyLocation).toBe(`config file ${join(env.MASG_CONFIG_DIR!, 'config.json')}`);
    expect((await masg(['adv', 'list', '-o', 'csv'], extra)).code).toBe(0);
  });

  it.each([
    ['MASG_KEYRING=0', { MASG_KEYRING: '0' }, []],
    ['login --no-keyring', {}, ['--no-keyring']],
  ])('%s: the file, quietly, and the keyring never asked', async (_what, extra, flags) => {
    const run = await login(extra, flags);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/system keyring/);
    expect(configFile().profiles.default.key).toBe(sandbox.demo.key);
    expect(calls()).toEqual([]);
  });

  it('re-login that falls back to the file tries to remove the old keyring copy, and says when it cannot', async () => {
    expect((await login()).code).toBe(0);
    expect(Object.keys(keyringFile())).toHaveLength(1);
    // The file store does not know about the keyring (MASG_KEYRING=0), so it cannot clean up;
    // a fallback through the keyring store does.
    const again = await login({ FAKE_KEYRING_MODE: 'unreachable' });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('could not be removed');
    expect(configFile().profiles.default.key).toBe(sandbox.demo.key);
  });
});

describe('a credential file readable by others', () => {
  it('every command that reads the key from it warns, with the fix', async () => {
    expect((await login({ MASG_KEYRING: '0' })).code).toBe(0);
    const file = join(env.MASG_CONFIG_DIR!, 'config.json');
    chmodSync(file, 0o644);
    for (const argv of [['adv', 'list', '-o', 'csv'], ['pub', 'list', '-o', 'csv'], ['slot', 'list', '-o', 'json'], ['whoami']]) {
      const run = await masg(argv, { MASG_KEYRING: '0' });
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.stderr, argv.join(' ')).toContain(`${file} is accessible to other users (mode 0644)`);
      expect(run.stderr).toContain(`chmod 600 '${file}'`);
    }
    // A key from the environment is not the file's: no warning.
    const envKey = await masg(['adv', 'list', '-o', 'csv'], { MASG_KEYRING: '0', MASG_DEVELOPER_KEY: sandbox.demo.key });
    expect(envKey.stderr).toBe('');
  });
});

describe('secretTool (unit)', () => {
  it('a tool that does not answer is given up on after the timeout', async () => {
    const k = secretTool({ env: { ...env, FAKE_KEYRING_MODE: 'hang' }, scope: '/x', timeoutMs: 300 });
    // The fake tool never answers: getting an answer at all means the timeout fired.
    const err = await k.get('default').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeyringUnavailable);
    expect((err as KeyringUnavailable).reason).toMatch(/did not answer within 0\.3 s/);
  });

  it('not found is undefined, not an error; delete says whether something went', async () => {
    const k = secretTool({ env, scope: '/x' });
    expect(await k.get('nobody')).toBeUndefined();
    await k.set('p', 'multi\nline key ');
    expect(await k.get('p')).toBe('multi\nline key ');
    expect(await k.delete('p')).toBe(true);
    expect(await k.delete('p')).toBe(false);
  });

  it('chosen only on Linux, and never with MASG_KEYRING=0', () => {
    expect(systemKeyring({ env: {}, platform: 'linux', scope: '/x' }).keyring).toBeDefined();
    expect(systemKeyring({ env: {}, platform: 'darwin', scope: '/x' })).toEqual({ why: 'masg uses the system keyring on Linux only' });
    expect(systemKeyring({ env: { MASG_KEYRING: 'off' }, platform: 'linux', scope: '/x' })).toEqual({ why: 'MASG_KEYRING=0' });
  });
});

// A real Secret Service: gnome-keyring on a private D-Bus session, unlocked with a throwaway
// password on stdin, in a temporary HOME. Skipped where the tools are not installed.
const hasTools = ['secret-tool', 'dbus-daemon', 'gnome-keyring-daemon'].every((tool) =>
  (process.env.PATH ?? '').split(delimiter).some((d) => existsSync(join(d, tool))),
);

// The bus has no service directories. The stock session config has them, and a lookup made
// before our daemon owns org.freedesktop.secrets then starts a second gnome-keyring (its
// .service file) that has no login collection. That lookup answers "not found", so it passes
// for ready, and every store after it fails with "Object does not exist at path
// /org/freedesktop/secrets/collection/login". A loaded machine starts our daemon late enough
// for that to happen.
const BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${tmpdir()}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>`;

describe.skipIf(!hasTools)('the real secret-tool against gnome-keyring', () => {
  let bus: ChildProcess;
  let daemon: ChildProcess;
  let realEnv: Record<string, string | undefined>;
  beforeAll(async () => {
    const home = mkdtempSync(join(tmpdir(), 'masg-gk-'));
    mkdirSync(join(home, 'run'), { mode: 0o700 });
    writeFileSync(join(home, 'bus.xml'), BUS_CONFIG);
    const base = { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: join(home, 'run') };
    bus = spawn('dbus-daemon', [`--config-file=${join(home, 'bus.xml')}`, '--nofork', '--print-address=1'], {
      env: base,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const address = await new Promise<string>((resolve) => bus.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim())));
    realEnv = { ...base, DBUS_SESSION_BUS_ADDRESS: address, MASG_CONFIG_DIR: join(home, 'config') };
    daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
      env: realEnv as NodeJS.ProcessEnv,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    daemon.stdin!.end('throwaway-password');
    // Ready when an item can be stored in the login collection that the password creates (and
    // removed again); tried until a deadline, not a count of tries: a loaded machine starts the
    // daemon slowly.
    const k = secretTool({ env: realEnv, scope: 'probe' });
    const deadline = performance.now() + 40_000;
    let last: unknown;
    while (
      !(await k.set('probe', 'ready').then(
        () => k.delete('probe'),
        (e: unknown) => ((last = e), false),
      ))
    ) {
      if (performance.now() > deadline) throw new Error(`gnome-keyring did not take an item within 40 s: ${String(last)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);
  afterAll(() => {
    daemon?.kill();
    bus?.kill();
  });

  it('login, use, whoami and logout with the key only in the keyring', async () => {
    const run = await runCli(
      ['login', '--email', sandbox.demo.email, '--base-url', sandbox.url, '--timezone', sandbox.demo.timezone, '--key-stdin'],
      {
        env: realEnv,
        stdin: sandbox.demo.key,
      },
    );
    expect(run.code).toBe(0);
    expect(run.stderr, run.stderr).toContain('the key in the system keyring (Secret Service)');
    const file = readFileSync(join(realEnv.MASG_CONFIG_DIR!, 'config.json'), 'utf8');
    expect(file).not.toContain(sandbox.demo.key);
    expect(await secretTool({ env: realEnv, scope: realEnv.MASG_CONFIG_DIR! }).get('default')).toBe(sandbox.demo.key);
    expect((await runCli(['adv', 'list', '-o', 'csv'], { env: realEnv })).code).toBe(0);
    expect(JSON.parse((await runCli(['whoami', '-o', 'json'], { env: realEnv })).stdout).keyLocation).toContain('Secret Service');
    expect((await runCli(['logout'], { env: realEnv })).code).toBe(0);
    expect(await secretTool({ env: realEnv, scope: realEnv.MASG_CONFIG_DIR! }).get('default')).toBeUndefined();
  });

  it("the pulse's webhook URL beside the key: two items, a lookup of either never finds the other", async () => {
    const login = ['login', '--email', sandbox.demo.email, '--base-url', sandbox.url, '--timezone', sandbox.demo.timezone, '--key-stdin'];
    expect((await runCli(login, { env: realEnv, stdin: sandbox.demo.key })).code).toBe(0);
    const webhook = 'https://hooks.example.com/services/T0/B0/realKeyringSecret';
    const set = await runCli(['notify-url', 'set'], { env: realEnv, stdin: `${webhook}\n` });
    expect(set.code, set.stderr).toBe(0);
    expect(readFileSync(join(realEnv.MASG_CONFIG_DIR!, 'config.json'), 'utf8')).not.toContain('realKeyringSecret');
    const keyring = secretTool({ env: realEnv, scope: realEnv.MASG_CONFIG_DIR! });
    expect(await keyring.get('default')).toBe(sandbox.demo.key);
    expect(await keyring.get('default', 'notify-url')).toBe(webhook);
    expect(JSON.parse((await runCli(['whoami', '-o', 'json'], { env: realEnv })).stdout).notifyUrlSource).toBe('profile');
    // Removing the URL leaves the key, and logging out removes the key and a URL set again.
    expect((await runCli(['notify-url', 'remove'], { env: realEnv })).code).toBe(0);
    expect(await keyring.get('default', 'notify-url')).toBeUndefined();
    expect(await keyring.get('default')).toBe(sandbox.demo.key);
    expect((await runCli(['notify-url', 'set'], { env: realEnv, stdin: webhook })).code).toBe(0);
    expect((await runCli(['logout'], { env: realEnv })).code).toBe(0);
    expect(await keyring.get('default')).toBeUndefined();
    expect(await keyring.get('default', 'notify-url')).toBeUndefined();
  });
});
