// A few tests that spawn the built binary (bin/masg.cjs → dist/cli.js; `npm test` builds first):
// the process glue that in-process tests cannot see — exit codes set by the real process, stdout
// and stderr kept apart, SIGINT, EPIPE on a closed pipe, the credential file written for real —
// and the README's quick tour run as a new user would, with a fresh HOME.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs, startHarness, tempDir, type Harness } from '../commands/harness.js';
import { BIN, cleanEnv, spawnMasg } from '../helpers/binary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The binary through the one helper (a clean environment plus `env`), stdin given and closed; resolves once it has ended. */
async function masg(
  args: string[],
  opts: { env?: Record<string, string>; stdin?: string; onStart?: (child: ChildProcess) => void } = {},
): Promise<Run> {
  const run = spawnMasg(args, { env: opts.env, input: opts.stdin ?? '', cwd: ROOT });
  opts.onStart?.(run.child);
  const { code, signal } = await run.ended;
  return { code, signal, stdout: run.stdout(), stderr: run.stderr() };
}

afterAll(removeTempDirs);
beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'cli.js')))
    throw new Error('dist/cli.js is missing: run `npx tsc -p tsconfig.json` (npm test does it) first');
});

describe('the binary', () => {
  it('--help: exit 0, usage on stdout, nothing on stderr', async () => {
    const run = await masg(['--help']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Usage: masg/);
    for (const cmd of ['pub', 'slot', 'adv', 'campaign', 'login', 'logout', 'whoami', 'sandbox']) expect(run.stdout).toContain(cmd);
  });

  it('--version prints the package version', async () => {
    expect(await masg(['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('a bad flag: exit 2, the message on stderr, nothing on stdout', async () => {
    const run = await masg(['pub', 'list', '--bogus']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--bogus');
  });

  it('a validation error: exit 2 before any configuration is needed', async () => {
    const run = await masg(['pub', 'create', '--name', 'x', '--type', 'WATCH_APP', '--description', 'd', '--transparent', 'false']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('--type');
  });

  it('no credentials: exit 3', async () => {
    const run = await masg(['pub', 'list']);
    expect(run).toMatchObject({ code: 3, stdout: '' });
    expect(run.stderr).toContain('masg login');
  });

  it('--sandbox pub list -o csv with a temporary MASG_CONFIG_DIR: exit 0, CSV on stdout, state kept there', async () => {
    const dir = tempDir('masg-cfg-');
    const run = await masg(['--sandbox', 'pub', 'list', '-o', 'csv'], { env: { MASG_CONFIG_DIR: dir } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const rows = await parseCsv(run.stdout);
    expect(rows[0]!.slice(0, 4)).toEqual(['id', 'name', 'type', 'status']);
    expect(rows.length).toBeGreaterThan(1);
    expect(existsSync(join(dir, 'sandbox', 'state.json'))).toBe(true);
  });
});

describe('against a sandbox in this process', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ scale: { publications: 1000, slotsPerPublication: 0 } });
  });
  afterAll(() => h.close());
  const env = () => ({ MASG_BASE_URL: h.sandbox.url, MASG_EMAIL: h.sandbox.demo.email, MASG_DEVELOPER_KEY: h.sandbox.demo.key });

  it('real calls: the request the sandbox saw; a refusal is exit 5 on stderr, data on stdout', async () => {
    h.mark();
    // A full ID goes to the service as is (a short one would be resolved through the list first).
    const unknown = '00000000-0000-4000-8000-0000000000ff';
    const run = await masg(['slot', 'list', '--publication', unknown, '-o', 'json'], { env: env() });
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(unknown);
    expect(h.sent().map((r) => [r.method, r.path, r.params, r.userAgent])).toEqual([
      ['GET', '/adslot/list.xml', { publication: unknown }, `masg/${VERSION}`],
    ]);
    const ok = await masg(['adv', 'list', '-o', 'json'], { env: env() });
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(Array.isArray(JSON.parse(ok.stdout))).toBe(true);
  });

  it('a reader that stops early (`masg pub list | head -1`): no error, no stack trace', async () => {
    const run = await masg(['pub', 'list', '-o', 'csv'], {
      env: env(),
      // Read the first chunk, then close the pipe as `head -1` does.
      onStart: (child) => child.stdout!.once('data', () => child.stdout!.destroy()),
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('the same through a real shell pipeline', async () => {
    const e = cleanEnv(env());
    const shell = await new Promise<Run>((resolve) => {
      const child = spawn(
        'bash',
        ['-c', `"${process.execPath}" "${BIN}" pub list -o csv 2>"$ERR" | head -1; echo "exit=\${PIPESTATUS[0]}"`],
        {
          env: { ...e, ERR: join(e.HOME!, 'stderr.txt') },
          cwd: ROOT,
        },
      );
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr: '' }));
    });
    const [first, status] = shell.stdout.trimEnd().split('\n');
    expect(first).toMatch(/^id,name,type,status/);
    expect(status).toBe('exit=0');
    expect(readFileSync(join(e.HOME!, 'stderr.txt'), 'utf8')).toBe('');
  });

  /** Spawns `adv list` against a slow sandbox and sends one SIGINT once the request is in. */
  async function interrupted(): Promise<Run> {
    h.sandbox.setFaults({ latencyMs: 5000 });
    h.mark();
    const run = await masg(['adv', 'list'], {
      env: env(),
      onStart: (child) => {
        const poll = setInterval(() => {
          if (h.sent().length > 0) {
            clearInterval(poll);
            child.kill('SIGINT');
          }
        }, 10);
      },
    });
    h.sandbox.setFaults(undefined);
    return run;
  }

  it('SIGINT during a request: exit 130 at once, nothing on stdout', async () => {
    const run = await interrupted();
    expect(run.code).toBe(130);
    // The answer, 5 s away, would have been printed: nothing on stdout means it did not wait.
    expect(run.stdout).toBe('');
  });

  // `conf` → `atomically` → `when-exit` re-raises SIGINT to die by it; run() must count that as
  // the same press (it once took it for a second Ctrl-C and exited without message or clean-up).
  it('SIGINT during a request: one Ctrl-C is one interrupt, reported on stderr', async () => {
    const run = await interrupted();
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/[Ii]nterrupted/);
  });

  it('login --key-stdin writes a 0600 credential file that later runs use', async () => {
    const dir = join(tempDir('masg-cfg-'), 'masg');
    const base = { MASG_CONFIG_DIR: dir };
    const login = await masg(['login', '--email', h.sandbox.demo.email, '--base-url', h.sandbox.url, '--timezone', 'UTC', '--key-stdin'], {
      env: base,
      stdin: `${h.sandbox.demo.key}\n`,
    });
    expect(login).toMatchObject({ code: 0, stdout: '' });
    const [file] = readdirSync(dir);
    expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600);
    const who = await masg(['whoami', '-o', 'json'], { env: base });
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({
      email: h.sandbox.demo.email,
      keySource: 'profile',
      timezone: 'UTC',
      timezoneSource: 'profile',
    });
    expect(who.stdout + who.stderr + login.stderr).not.toContain(h.sandbox.demo.key);
  });
});
