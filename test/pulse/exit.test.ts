// Issue 25 #3 and issue 29 #4, #5: the exit code of masg pulse says what happened. A report that
// was not written entirely is 7, never 0 or 9 (a full disk: /dev/full and a real tmpfs, through
// the built binary); a reader that closed the pipe early does not hide alerts (still 9);
// --quiet with alerts keeps stderr empty; piped text is never cut at 80 columns.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { BIN, spawnMasg } from '../helpers/binary.js';
import { canMount, skipReason, tmpfs } from '../helpers/fs-faults.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let h: PulseHarness;
beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/cli.js is missing: run `npx tsc -p tsconfig.json` first');
  h = await startPulseHarness();
  await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
  await h.sandbox.incident({ kind: 'overspend', id: h.ids.campaign, day: DAY, factor: 4 });
}, 30_000);
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

const env = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir('masg-home-'), ...h.env });

/** The built binary with stdout on the file descriptor `fd`; resolves with its exit code and stderr. */
async function spawnTo(fd: number, args: string[]): Promise<{ code: number | null; stderr: string }> {
  const run = spawnMasg(args, { cwd: ROOT, env: h.env, stdout: fd });
  return { code: await run.exited, stderr: run.stderr() };
}

describe('a report not written entirely is exit 7, never 9', () => {
  test('the alerts fire (exit 9) when stdout takes the report', async () => {
    const file = join(tempDir(), 'pulse.json');
    const fd = openSync(file, 'w');
    const run = await spawnTo(fd, ['pulse', '--date', DAY, '-o', 'json']).finally(() => closeSync(fd));
    expect(run.code).toBe(9);
    expect(JSON.parse(readFileSync(file, 'utf8')).findings.length).toBeGreaterThan(0);
  }, 30_000);

  test('stdout is /dev/full: exit 7 naming standard output and ENOSPC', async () => {
    const fd = openSync('/dev/full', 'w');
    const run = await spawnTo(fd, ['pulse', '--date', DAY, '-o', 'json']).finally(() => closeSync(fd));
    expect(run.stderr).toMatch(/standard output.*ENOSPC/);
    expect(run.stderr).not.toMatch(/alerts? on/);
    expect(run.code).toBe(7);
  }, 30_000);

  test.skipIf(!canMount)(
    `stdout is a file on a tmpfs with 4 KiB left, less than the report: exit 7${canMount ? '' : ` (${skipReason})`}`,
    async () => {
      const disk = tmpfs(8);
      try {
        writeFileSync(join(disk.dir, 'earlier'), Buffer.alloc(4096)); // one of its two pages
        const file = join(disk.dir, 'pulse.json');
        const fd = openSync(file, 'w');
        const run = await spawnTo(fd, ['pulse', '--date', DAY, '-o', 'json']).finally(() => closeSync(fd));
        expect(statSync(file).size).toBeLessThanOrEqual(4096);
        expect(run.stderr).toMatch(/standard output.*ENOSPC/);
        expect(run.code).toBe(7);
      } finally {
        disk.remove();
      }
    },
    30_000,
  );

  test('the screen on a full disk is 7 too', async () => {
    const fd = openSync('/dev/full', 'w');
    const run = await spawnTo(fd, ['pulse', '--date', DAY]).finally(() => closeSync(fd));
    expect(run.code).toBe(7);
  }, 30_000);
});

describe('a reader that closes the pipe early does not hide the alerts', () => {
  // `true` has closed the pipe before the report is written (EPIPE); `head -c 20` reads a little first.
  test.each([
    ['-o json', 'true'],
    ['--color never', 'true'],
    ['-o json', 'head -c 20'],
  ])(
    '`masg pulse %s | %s`: exit 9, no stack trace',
    async (format, reader) => {
      const e = env();
      const out = await new Promise<string>((resolve) => {
        const script = `"${process.execPath}" "${BIN}" pulse --date ${DAY} ${format} 2>"$ERR" | ${reader} >/dev/null; echo "exit=\${PIPESTATUS[0]}"`;
        const child = spawn('bash', ['-c', script], { cwd: ROOT, env: { ...e, ERR: join(e.HOME, 'stderr.txt') } });
        let stdout = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
        child.on('close', () => resolve(stdout));
      });
      expect(out.trim()).toBe('exit=9');
      expect(readFileSync(join(e.HOME, 'stderr.txt'), 'utf8')).not.toMatch(/internal error|EPIPE|at /);
    },
    30_000,
  );
});

describe('--quiet and pipes (issue 29 #4, #5)', () => {
  test('--quiet -o json with alerts: exit 9 and nothing at all on stderr', async () => {
    const { run, report } = await h.pulse(['--quiet']);
    expect(report.findings.some((f) => f.severity === 'alert')).toBe(true);
    expect(run.code).toBe(9);
    expect(run.stderr).toBe('');
  });

  test('--quiet on the screen with alerts: exit 9, stderr empty; without --quiet the alert count is said', async () => {
    const quiet = await h.masg(['pulse', '--date', DAY, '--quiet']);
    expect(quiet.code).toBe(9);
    expect(quiet.stderr).toBe('');
    const said = await h.masg(['pulse', '--date', DAY]);
    expect(said.stderr).toMatch(/alerts? on 2024-06-14 \(exit 9\)/);
  });

  test('--quiet does not silence a failure: a wrong key still says why (exit 4)', async () => {
    const run = await h.masg(['pulse', '--date', DAY, '--quiet'], { env: { MASG_DEVELOPER_KEY: 'wrong-key-123456' } });
    expect(run.code).toBe(4);
    expect(run.stderr).not.toBe('');
  });

  test('piped text is never cut at 80 columns, whatever COLUMNS says', async () => {
    const run = await h.masg(['pulse', '--date', DAY], { env: { COLUMNS: '200' } });
    expect(run.code).toBe(9);
    expect(run.stdout).not.toContain('…');
    expect(run.stdout).toMatch(/against \d comparable of the 7 days before\n/);
    const longest = Math.max(...run.stdout.split('\n').map((l) => [...l].length));
    expect(longest).toBeGreaterThan(80);
    // On a terminal of 80 columns it is fitted.
    const tty = await h.masg(['pulse', '--date', DAY], { tty: true, columns: 80 });
    for (const line of tty.stdout.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) expect([...line].length).toBeLessThanOrEqual(80); // eslint-disable-line no-control-regex
  });
});

describe("cron names the page with masg's own day (issue 29 #8)", () => {
  test('--html with {date}: the page is named after the day looked at, in the account zone; a typo in braces is exit 2', async () => {
    const dir = tempDir();
    const run = await h.masg(['pulse', '--date', DAY, '--quiet', '--html', join(dir, 'pulse-{date}.html')]);
    expect(run.code).toBe(9);
    expect(readdirSync(dir)).toEqual([`pulse-${DAY}.html`]);
    const typo = await h.masg(['pulse', '--date', DAY, '--html', join(dir, 'pulse-{day}.html')]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--html: {day} is not a placeholder');
  });

  test("docs/pulse.md's cron lines never take the day from the host's clock", () => {
    const doc = readFileSync(join(ROOT, 'docs', 'pulse.md'), 'utf8');
    const cron = [...doc.matchAll(/```cron\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(cron.length).toBeGreaterThanOrEqual(3);
    for (const block of cron) expect(block).not.toMatch(/\$\(date|`date/);
    expect(cron.join('\n')).toContain("--html '/srv/pulse/pulse-{date}.html'");
  });
});
