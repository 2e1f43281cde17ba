// `masg sandbox` while it serves, run as a user runs it (the built binary in its own process):
// the banner names the faults and latency it applies, one line per request appears on a
// terminal (or with --log when piped, never with --no-log), lines never carry credentials,
// listening beyond loopback warns, and --reset deletes state only where it should.
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, spawnSandbox } from './spawned.js';
import { spawnMasg } from '../helpers/binary.js';

const DEMO = { email: 'demo@sandbox.masg.test', key: 'demo-developer-key' };
const auth = (c = DEMO) => ({ authorization: `Basic ${Buffer.from(`${c.email}:${c.key}`).toString('base64')}` });
const LINE = /^\d\d:\d\d:\d\d {2}(GET |POST) (\S+) {2}(\d{3}|no answer) {2}\d+ ms(?: {2}fault: (\S+))?$/;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'masg-watch-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The request lines of a run's output (what follows the banner). */
const requestLines = (out: string) => out.split(/\r?\n/).filter((l) => LINE.test(l));

describe('masg sandbox --log (piped)', () => {
  it('shows faults and latency in the banner and one line per request, without credentials', async () => {
    const sb = await spawnSandbox(['--log', '--latency', '5', '--faults', '503=1,path=/adslot/list']);
    try {
      expect(sb.stdout()).toMatch(/ {2}faults: {9}503 100% \(only paths containing \/adslot\/list\)\n/);
      expect(sb.stdout()).toMatch(/ {2}latency: {8}5 ms per request\n/);
      const banner = sb.stdout();
      await fetch(`${sb.url}/publication/list.xml?developerKey=${DEMO.key}&email=${DEMO.email}`, { headers: auth() });
      await fetch(`${sb.url}/adslot/list.json`, { headers: auth() });
      await fetch(`${sb.url}/publication/create.xml`, {
        method: 'POST',
        headers: { ...auth({ email: DEMO.email, key: 'wrong-secret-key' }), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=x',
      });
      await sb.waitFor(/POST \/publication\/create\.xml {2}400/);
      const lines = requestLines(sb.stdout().slice(banner.length));
      expect(lines.map((l) => LINE.exec(l)!.slice(1, 5))).toEqual([
        ['GET ', '/publication/list.xml', '200', undefined],
        ['GET ', '/adslot/list.json', '503', '503'],
        ['POST', '/publication/create.xml', '400', undefined],
      ]);
      const after = sb.stdout().slice(banner.length) + sb.stderr();
      for (const secret of [DEMO.key, 'wrong-secret-key', 'developerKey', Buffer.from(`${DEMO.email}:${DEMO.key}`).toString('base64')]) {
        expect(after).not.toContain(secret);
      }
    } finally {
      await sb.stop();
    }
  });

  it('is silent when piped without --log, and with --no-log; the banner says "none" without faults', async () => {
    for (const args of [[], ['--no-log']]) {
      const sb = await spawnSandbox(args);
      try {
        expect(sb.stdout()).toMatch(/ {2}faults: {9}none\n {2}latency: {8}none\n/);
        await fetch(`${sb.url}/publication/list.xml`, { headers: auth() });
        await new Promise((r) => setTimeout(r, 300));
        expect(requestLines(sb.stdout())).toEqual([]);
      } finally {
        await sb.stop();
      }
    }
  });
});

describe('masg sandbox on a terminal', () => {
  it('lists requests by default under a pseudo-terminal (script), and not with --no-log', async () => {
    for (const [extra, expected] of [
      ['', 1],
      [' --no-log', 0],
    ] as const) {
      // `script` gives the command a pseudo-terminal; its output is the terminal's.
      const child = spawn('script', ['-qfec', `${process.execPath} ${BIN} sandbox${extra}`, '/dev/null'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ROOT, TERM: 'dumb' },
        stdio: 'pipe',
      });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      // Each read of `out` follows the terminal's next output (the listener above has appended it).
      while (!/listening on (http:\/\/\S+)/.test(out)) await once(child.stdout, 'data');
      const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
      await fetch(`${url}/advertisers/list.xml`, { headers: auth() });
      if (expected) while (!out.includes('/advertisers/list.xml  200')) await once(child.stdout, 'data');
      else await new Promise((r) => setTimeout(r, 300)); // no line may come: nothing to wait for but time
      child.kill('SIGTERM');
      await new Promise((r) => child.on('close', r));
      expect(requestLines(out).filter((l) => l.includes('/advertisers/list.xml  200'))).toHaveLength(expected);
    }
  });
});

describe('--host', () => {
  it('warns on stderr when listening beyond loopback, not on 127.0.0.1', async () => {
    const open = await spawnSandbox(['--host', '0.0.0.0']);
    await open.stop();
    expect(open.stderr()).toMatch(/warning: listening on 0\.0\.0\.0, not only on this machine/);
    expect(open.stderr()).toContain('developer keys are public');
    const local = await spawnSandbox(['--host', '127.0.0.1']);
    await local.stop();
    expect(local.stderr()).not.toContain('warning');
  });
});

async function masg(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = spawnMasg(args, { cwd: ROOT, env });
  return { code: await run.exited, stdout: run.stdout(), stderr: run.stderr() };
}

describe('masg sandbox --reset', () => {
  it("deletes --sandbox's state under the config directory, and nothing else", async () => {
    const config = tempDir();
    const env = { MASG_CONFIG_DIR: config };
    expect(
      (
        await masg(
          [
            '--sandbox',
            'pub',
            'create',
            '--name',
            'Mine',
            '--type',
            'OTHER_APP',
            '--description',
            'd',
            '--transparent',
            'false',
            '-o',
            'csv',
          ],
          env,
        )
      ).code,
    ).toBe(0);
    expect((await masg(['--sandbox', 'pub', 'list', '-o', 'csv'], env)).stdout).toContain('Mine');
    const state = join(config, 'sandbox', 'state.json');
    const data = join(tempDir(), 'kept.json');
    const keep = await spawnSandbox(['--data', data]);
    await keep.stop();
    expect(existsSync(data)).toBe(true);

    const reset = await masg(['sandbox', '--reset'], env);
    expect(reset.code).toBe(0);
    expect(reset.stderr).toContain(`deleted the --sandbox state ${state}`);
    expect(reset.stdout).toBe('');
    expect(existsSync(state)).toBe(false);
    expect(existsSync(data)).toBe(true); // a --data file is not touched unless named
    expect((await masg(['--sandbox', 'pub', 'list', '-o', 'csv'], env)).stdout).not.toContain('Mine');

    const again = await masg(['sandbox', '--reset'], { MASG_CONFIG_DIR: tempDir() });
    expect([again.code, again.stderr]).toEqual([0, expect.stringContaining('nothing to reset')]);
  });

  it('a --data file that is not sandbox state: exit 2 naming it (a folder: exit 7), the file untouched', async () => {
    const dir = tempDir();
    const passwd = join(dir, 'passwd');
    writeFileSync(passwd, 'root:x:0:0:root:/root:/bin/bash\n');
    const other = join(dir, 'other.json');
    writeFileSync(other, '{"version":2}');
    for (const [file, code, why] of [
      [passwd, 2, 'it is not JSON'],
      [other, 2, 'its version is 2, not 1'],
      [dir, 7, 'it is a folder (EISDIR)'],
    ] as const) {
      const run = await masg(['sandbox', '--data', file], { MASG_CONFIG_DIR: dir });
      expect(run.code, run.stderr).toBe(code);
      expect(run.stderr).toContain(file);
      expect(run.stderr).toContain(why);
      expect(run.stderr).not.toContain('internal error');
    }
    expect(readFileSync(passwd, 'utf8')).toBe('root:x:0:0:root:/root:/bin/bash\n');
    expect(readFileSync(other, 'utf8')).toBe('{"version":2}');
  });

  it('deletes a --data file only when named and only when it is sandbox state', async () => {
    const dir = tempDir();
    const notMine = join(dir, 'important.json');
    writeFileSync(notMine, '{"precious": true}\n');
    const refused = await masg(['sandbox', '--reset', '--data', notMine], { MASG_CONFIG_DIR: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is not a masg sandbox data file; left as it is');
    expect(readFileSync(notMine, 'utf8')).toBe('{"precious": true}\n');

    const data = join(dir, 'sub', 'sandbox.json');
    mkdirSync(join(dir, 'sub'));
    const sb = await spawnSandbox(['--data', data]);
    await sb.stop();
    const reset = await masg(['sandbox', '--reset', '--data', data], { MASG_CONFIG_DIR: dir });
    expect([reset.code, existsSync(data)]).toEqual([0, false]);
    expect(reset.stderr).toContain(`deleted the --data file ${data}`);
  });
});
