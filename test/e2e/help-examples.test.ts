// Every example masg's help shows runs as pasted: in bash, against a sandbox server (pointed at
// the way its own banner says: MASG_BASE_URL, MASG_EMAIL, MASG_DEVELOPER_KEY, MASG_TIMEZONE), in a fresh home and
// working directory, one after the other as a reader would try them. Examples change state, so
// the order is the help's, except that logout goes last (it removes what login saved).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nullIo } from '../../src/completion/null-io.js';
import { HELP_TOPICS } from '../../src/help/topics.js';
import { examplesOf } from '../../src/help/metadata.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { BIN } from '../helpers/binary.js';

/** Every example of every help page, root first, in help order; topics' `$ masg …` lines last. */
async function allExamples(): Promise<string[]> {
  const program = await buildProgram(nullIo({}));
  const seen: string[] = [];
  const walk = (cmd: Command) => {
    for (const e of examplesOf(cmd)) if (!seen.includes(e)) seen.push(e);
    for (const sub of cmd.commands) walk(sub);
  };
  walk(program);
  for (const topic of Object.values(HELP_TOPICS)) {
    for (const m of topic.text.matchAll(/^ +\$ (.+)$/gm)) if (!seen.includes(m[1])) seen.push(m[1]);
  }
  const last = (e: string) => (/^masg logout\b/.test(e) ? 1 : 0);
  return seen.sort((a, b) => last(a) - last(b));
}

let home: string;
let work: string;
let env: NodeJS.ProcessEnv;
let server: ChildProcess;
/** The example sandbox on a fixed port, stopped in afterAll too when a failure left it running. */
let onFixedPort: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

/** Starts `command` in bash and resolves once its stdout says it listens. */
function startServer(command: string, environment: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; out: () => string }> {
  const child = spawn('bash', ['-c', `exec ${command}`], { cwd: work, env: environment, detached: true });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" from ${command}:\n${out}`)), 20_000);
    // The sandbox says "listening on" (stdout); `masg mcp --http` says "serving URL" (stderr).
    const look = () => {
      if (/listening on|serving http/.test(out)) {
        clearTimeout(timer);
        resolve({ child, out: () => out });
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`${command} exited ${code}:\n${out}`)));
  });
}

/** Ctrl-C, as the sandbox's banner says; resolves with the exit code. */
function interrupt(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

beforeAll(async () => {
  home = tempDir('masg-examples-home-');
  work = tempDir('masg-examples-cwd-');
  const bin = join(home, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'masg'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'masg'), 0o755);
  const base: NodeJS.ProcessEnv = { PATH: `${bin}:${process.env.PATH}`, HOME: home, LANG: 'C.UTF-8', TZ: 'UTC' };
  const started = await startServer('masg sandbox --port 0 --no-log --accounts 1', base);
  server = started.child;
  const url = /listening on (\S+)/.exec(started.out())![1];
  // As the sandbox's banner says to run masg against it.
  env = {
    ...base,
    MASG_BASE_URL: url,
    MASG_EMAIL: 'demo@sandbox.masg.test',
    MASG_DEVELOPER_KEY: 'demo-developer-key',
    MASG_TIMEZONE: 'America/New_York',
  };
  // The files examples read that no earlier example writes: a webhook URL and new ad slots, as a user has them.
  writeFileSync(join(work, 'slack-webhook.txt'), 'https://hooks.slack.example/services/T0/B0/secret\n');
  writeFileSync(
    join(work, 'new-slots.csv'),
    'publication,name,formats,tags\n0378aee4-d936-4ff2-a190-8a33aeab6a46,Recipe sidebar,banner,\n',
  );
}, 30_000);

afterAll(async () => {
  if (server?.exitCode === null) await interrupt(server);
  if (onFixedPort?.exitCode === null) await interrupt(onFixedPort);
  removeTempDirs();
});

/**
 * The README's commands, as a reader pastes them: each line of its ```sh blocks that starts with
 * `masg` or `npx masg` (the checkout's own bin, so `masg` here), `\` continuations joined. Lines
 * that name an example.com host are templates for a real account and cannot run on a sandbox.
 */
function readmeExamples(): string[] {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]!.replace(/\\\n\s*/g, ''));
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/^npx masg\b/, 'masg'))
    .filter((line) => /^masg\b/.test(line) && !/example\.com/.test(line));
}

/**
 * What an agency has after the README's `masg login --profile NAME` once per account: two saved
 * profiles (here two of the sandbox's accounts) and no MASG_EMAIL/MASG_DEVELOPER_KEY, which would
 * make one account of all.
 */
let agency: NodeJS.ProcessEnv | undefined;

function agencyEnv(): NodeJS.ProcessEnv {
  const { MASG_EMAIL: email, MASG_DEVELOPER_KEY: key, MASG_TIMEZONE: zone, ...rest } = env;
  const agency = { ...rest, MASG_CONFIG_DIR: tempDir('masg-examples-agency-'), MASG_KEYRING: '0' };
  // Two accounts, as an agency has: the demo account and the sandbox's generated acct-01 (--accounts 1).
  for (const [name, account, secret] of [
    ['acme', email!, key!],
    ['globex', 'acct-01@sandbox.masg.test', 'acct-01-developer-key'],
  ] as const) {
    const login = ['--profile', name, 'login', '--email', account, '--timezone', zone!, '--key-stdin'];
    const run = spawnSync(process.execPath, [BIN, ...login], { cwd: work, env: agency, input: secret, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  }
  return agency;
}

function withoutAccount(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { MASG_BASE_URL: _url, MASG_EMAIL: _email, MASG_DEVELOPER_KEY: _key, MASG_TIMEZONE: _zone, ...rest } = environment;
  return rest;
}

describe('help examples', () => {
  it('exit 0 when pasted into bash against the sandbox', async () => {
    const examples = await allExamples();
    expect(examples.length).toBeGreaterThan(50);
    // One example serves on port 8080 and another reaches it there: both are moved to a port
    // that is free now, so a busy 8080 on the test machine cannot fail them.
    const port = String(await freePort());
    const moved = examples.map((e) => e.replace(/(--port |127\.0\.0\.1:)8080\b/g, `$1${port}`));
    // `masg mcp --http 0.0.0.0:443 --tls-cert cert.pem …`: a free port instead of 443, and the
    // certificate a user would have, made here (self-signed) so the example serves as pasted.
    const tlsPort = String(await freePort());
    const tlsMoved = moved.map((e) => e.replace(/^(masg mcp --http 0\.0\.0\.0:)443\b/, `$1${tlsPort}`));
    if (tlsMoved.some((e) => e.includes('--tls-cert cert.pem'))) {
      const made = spawnSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '1', '-subj', '/CN=localhost'],
        { cwd: work, encoding: 'utf8' },
      );
      expect(made.status, made.stderr).toBe(0);
    }
    // The example that serves on the port: started where the help has it, or earlier when an
    // example before it (login's) reaches it.
    const serving = tlsMoved.find((e) => /^masg sandbox\b/.test(e) && e.includes(`--port ${port}`));
    for (const example of tlsMoved) {
      if (example === serving && onFixedPort) continue;
      if (example.includes(`127.0.0.1:${port}`) && !onFixedPort && serving) onFixedPort = (await startServer(serving, env)).child;
      // `masg sandbox` (not --reset) serves until Ctrl-C: it must start, listen and stop cleanly.
      if (/^masg sandbox\b/.test(example) && !example.includes('--reset')) {
        const { child } = await startServer(example, env);
        if (example.includes(`--port ${port}`)) onFixedPort = child;
        else expect(await interrupt(child), example).toBe(0);
        continue;
      }
      // `masg mcp --http` serves until Ctrl-C, which ends it with 130, its documented answer.
      if (/^masg mcp\b.*--http\b/.test(example)) {
        const { child } = await startServer(example, env);
        expect(await interrupt(child), example).toBe(130);
        continue;
      }
      if (example.includes(`127.0.0.1:${port}`)) expect(onFixedPort, `${example}: needs the --port 8080 example first`).toBeDefined();
      // A reader who logs in has not exported the account yet (that is what login saves): a login
      // example that names no $MASG_ variable runs without them, as pasted into a fresh shell.
      const fresh = /^masg login\b/.test(example) && !example.includes('$MASG_');
      // Examples over several profiles, and the MCP tokens they scope, run where an agency's
      // profiles are saved (one config folder for all of them, so a token made is then listed).
      const several = /--all-profiles|--profile \S+,|^masg mcp token\b/.test(example);
      if (several) agency ??= agencyEnv();
      const run = spawnSync('bash', ['-c', example], {
        cwd: work,
        env: fresh ? withoutAccount(env) : several ? agency! : env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      // `masg pulse` reports and exits 9 when a finding is an alert, its documented answer: the demo
      // account has one (its "Spring Sale" campaign spends past its daily budget every day).
      if (/^masg pulse\b/.test(example) && run.status === 9) {
        expect(run.stderr, example).toMatch(/\d+ alerts? on \d{4}-\d{2}-\d{2} \(exit 9\)\.["}]*\n$/);
        expect(run.stderr.trim().split('\n'), example).toHaveLength(1);
        continue;
      }
      expect({ example, code: run.status, stderr: run.status === 0 ? '' : run.stderr }).toEqual({ example, code: 0, stderr: '' });
    }
    if (onFixedPort) expect(await interrupt(onFixedPort)).toBe(0);
    onFixedPort = undefined;
  }, 480_000);

  it("the README's commands exit 0 when pasted into bash against the sandbox", () => {
    const examples = readmeExamples();
    expect(examples.length).toBeGreaterThan(10);
    for (const example of examples) {
      // The agency recipe's lines run over the profiles its login line (a template) would save.
      const several = /--all-profiles|--profile \S+,/.test(example);
      const run = spawnSync('bash', ['-c', example], { cwd: work, env: several ? agencyEnv() : env, encoding: 'utf8', timeout: 60_000 });
      expect({ example, code: run.status, stderr: run.status === 0 ? '' : run.stderr }).toEqual({ example, code: 0, stderr: '' });
    }
  }, 300_000);
});
