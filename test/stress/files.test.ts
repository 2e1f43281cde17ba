// Files under real faults, through the built binary as cron would run it: a read-only and a full
// disk (tmpfs mounts, as root), `ulimit -f`, kill -9 mid-export, a stream cut mid-body. What must
// hold: nothing is sent when a target cannot be written; exit 7 names the file and the cause; the
// earlier file survives; results of applied changes are never lost; no temporary file is left
// for good; a broken --out stream is started again and ends byte-identical to a clean run.
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv, startHarness, type Harness } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { canMount, fill, readOnlyDir, removeMounts, skipReason, tmpfs } from '../helpers/fs-faults.js';

if (!existsSync(new URL('../../dist/cli.js', import.meta.url))) throw new Error('dist/cli.js is missing: `npm run stress` builds it first');

interface Spawned {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

let h: Harness;
let dir: string;
let pub: string;

beforeAll(async () => {
  // 50 publications × 4 slots × 20 countries: a day by country is about 250 KB, 5,000 rows.
  h = await startHarness({ scale: { publications: 50, slotsPerPublication: 4, countries: 20 } });
  pub = await firstPublication();
});
afterAll(async () => {
  removeMounts();
  await h.close();
});
beforeEach(() => {
  h.mark();
  dir = mkdtempSync(join(tmpdir(), 'masg-files-'));
});
afterEach(() => {
  h.sandbox.setFaults(undefined);
  rmSync(dir, { recursive: true, force: true });
});

function masg(
  args: string[],
  opts: { env?: Record<string, string>; ulimitFileKb?: number; stdoutTo?: string } = {},
): Promise<Spawned> & { kill(signal: NodeJS.Signals): void } {
  // `ulimit -f` counts 1024-byte blocks in bash.
  const via = opts.ulimitFileKb === undefined ? undefined : ['bash', '-c', `ulimit -f ${opts.ulimitFileKb}; exec "$0" "$@"`];
  // stdoutTo: stdout redirected to that file, as `> FILE` in a shell would.
  const fd = opts.stdoutTo === undefined ? undefined : openSync(opts.stdoutTo, 'w');
  const run = spawnMasg(args, { env: { HOME: dir, ...h.env, ...opts.env }, via, stdout: fd });
  if (fd !== undefined) closeSync(fd);
  const done = run.ended.then((end) => ({ ...end, stdout: run.stdout(), stderr: run.stderr() }));
  return Object.assign(done, { kill: (signal: NodeJS.Signals) => void run.child.kill(signal) });
}

async function firstPublication(): Promise<string> {
  const run = await h.masg(['pub', 'list', '-o', 'csv', '--fields', 'id']);
  return run.stdout.split('\n')[1]!;
}

async function until(what: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!what()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const temporaries = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.tmp'));
const posts = () => h.sent().filter((r) => r.method === 'POST');
const statsArgs = (...extra: string[]) => [
  'pub',
  'stats',
  '--level',
  'adslot',
  '--by-country',
  '--date',
  '2024-06-14',
  '--tz',
  'UTC',
  ...extra,
];

function createFile(name: string, n: number): string {
  const file = join(dir, `${name}.csv`);
  writeFileSync(file, `publication,name,formats\n${Array.from({ length: n }, (_, i) => `${pub},${name} ${i + 1},banner`).join('\n')}\n`);
  return file;
}

async function slotIds(prefix: string): Promise<string[]> {
  const run = await h.masg(['slot', 'list', '--publication', pub, '-o', 'json']);
  return (JSON.parse(run.stdout) as Array<{ id: string; name: string }>)
    .filter((s) => s.name.startsWith(prefix))
    .map((s) => s.id)
    .sort();
}

describe.skipIf(!canMount)('bulk results on a disk that cannot take them', () => {
  it('read-only --results: exit 2 naming the file and EROFS, and not one request that changes anything', async () => {
    const ro = readOnlyDir();
    const target = join(ro.dir, 'x.csv');
    const run = await masg(['slot', 'create', '--from', createFile('ro', 20), '--results', target]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--results: cannot write ${target}: the file system is read-only (EROFS); nothing was sent.`);
    expect(posts()).toEqual([]);
    expect(await slotIds('ro ')).toEqual([]);
  });

  it('a full disk for --results: exit 2 naming ENOSPC, nothing sent, no temporary file', async () => {
    const disk = tmpfs(32);
    fill(join(disk.dir, 'other'));
    const target = join(disk.dir, 'x.csv');
    const run = await masg(['slot', 'create', '--from', createFile('full', 20), '--results', target]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot write ${target}: no space left on the device (ENOSPC); nothing was sent.`);
    expect(posts()).toEqual([]);
    expect(readdirSync(disk.dir)).toEqual(['other']);
  });

  it('the disk fills up while creating: exit 7, and every new ID is reported (stderr and a fallback file)', async () => {
    const disk = tmpfs(32);
    const fallback = join(dir, 'fallback');
    const target = join(disk.dir, 'x.csv');
    h.sandbox.setFaults({ latencyMs: 100, path: '/adslot/create' });
    const running = masg(['slot', 'create', '--from', createFile('late', 20), '--results', target, '--concurrency', '2'], {
      env: { TMPDIR: fallback },
    });
    await until(() => posts().length > 0);
    fill(join(disk.dir, 'other'));
    const run = await running;
    expect(run.code).toBe(7);
    const ids = await slotIds('late ');
    expect(ids).toHaveLength(20);
    expect(posts()).toHaveLength(20);
    expect(run.stderr).toContain(
      `Created 20 ad slots. But the results could not be written to ${target}: no space left on the device (ENOSPC).`,
    );
    for (const id of ids) expect(run.stderr).toContain(id);
    const saved = /The results are in (\S+) instead\./.exec(run.stderr)?.[1];
    expect(saved && dirname(saved)).toBe(fallback);
    const [header, ...rows] = await parseCsv(readFileSync(saved!, 'utf8'));
    expect(header).toEqual(['line', 'id', 'publication', 'name', 'result']);
    expect(rows.map((r) => r[1]).sort()).toEqual(ids);
    expect(temporaries(disk.dir)).toEqual([]);
  });
});

describe.skipIf(!canMount)('--out on a full disk', () => {
  it('exit 7 naming the file and ENOSPC; the earlier file intact; no temporary file', async () => {
    const disk = tmpfs(64);
    const out = join(disk.dir, 'daily.csv');
    writeFileSync(out, 'earlier,export\n');
    const run = await masg(statsArgs('--out', out));
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`masg: Cannot write ${out}: no space left on the device (ENOSPC).`);
    expect(run.stderr).toContain(`The earlier ${out} is unchanged.`);
    expect(run.stderr).not.toMatch(/internal error|stopped before it finished/);
    expect(readFileSync(out, 'utf8')).toBe('earlier,export\n');
    expect(temporaries(disk.dir)).toEqual([]);
  });
});

if (!canMount) describe('tmpfs mounts', () => it.skip(skipReason, () => {}));

describe('--out under ulimit -f (Node ignores SIGXFSZ: the write fails with EFBIG)', () => {
  it('exit 7 naming the file and EFBIG; the earlier file intact; no temporary file', async () => {
    const out = join(dir, 'daily.csv');
    writeFileSync(out, 'earlier,export\n');
    const run = await masg(statsArgs('--out', out), { ulimitFileKb: 64 });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`masg: Cannot write ${out}: the file size limit was reached (ulimit -f) (EFBIG).`);
    expect(readFileSync(out, 'utf8')).toBe('earlier,export\n');
    expect(temporaries(dir)).toEqual([]);
  });
});

describe('kill -9 mid-export', () => {
  it('leaves its temporary file; the next run to the same file removes it and writes the export', async () => {
    const out = join(dir, 'hourly.csv');
    h.sandbox.setFaults({ latencyMs: 300, path: '/statistics' });
    const killed = masg(statsArgs('--interval', 'hour', '--concurrency', '1', '--out', out));
    await until(() => h.sent().length >= 2 && temporaries(dir).length === 1);
    killed.kill('SIGKILL');
    expect((await killed).signal).toBe('SIGKILL');
    const litter = temporaries(dir);
    expect(litter).toHaveLength(1); // what kill -9 leaves: nothing could run after it
    h.sandbox.setFaults(undefined);
    const again = await masg(statsArgs('--interval', 'hour', '--out', out));
    expect(again.code).toBe(0);
    expect(temporaries(dir)).toEqual([]);
    expect(readFileSync(out, 'utf8')).toMatch(/^hour,publication,adslot,country,/);
  });

  it('never removes the temporary file of a run that is still alive', async () => {
    const out = join(dir, 'shared.csv');
    h.sandbox.setFaults({ latencyMs: 250, path: '/statistics' });
    const slow = masg(statsArgs('--interval', 'hour', '--concurrency', '1', '--out', out));
    await until(() => h.sent().length >= 1 && temporaries(dir).length === 1);
    const [alive] = temporaries(dir);
    h.sandbox.setFaults(undefined);
    const fast = await masg(statsArgs('--out', out));
    expect(fast.code).toBe(0);
    expect(temporaries(dir)).toEqual([alive]);
    // The slow run still finishes its own file.
    expect((await slow).code).toBe(0);
    expect(temporaries(dir)).toEqual([]);
    // …and what it wrote is the hourly report, whole.
    const clean = join(dir, 'clean.csv');
    expect((await masg(statsArgs('--interval', 'hour', '--out', clean))).code).toBe(0);
    expect(readFileSync(out).equals(readFileSync(clean))).toBe(true);
  });
});

describe('a stream cut mid-body', () => {
  it('--out: started again from scratch, with a notice; the file is byte-identical to a clean run', async () => {
    const clean = join(dir, 'clean.csv');
    expect((await masg(statsArgs('--out', clean))).code).toBe(0);
    const out = join(dir, 'cut.csv');
    writeFileSync(out, 'earlier\n');
    h.mark();
    h.sandbox.setFaults({ next: ['truncate'], path: '/statistics' });
    const run = await masg(statsArgs('--out', out));
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/the report's stream broke before it ended; writing .*cut\.csv again from the start/);
    expect(h.sent().filter((r) => r.path.includes('/statistics'))).toHaveLength(2);
    expect(readFileSync(out).equals(readFileSync(clean))).toBe(true);
    expect(temporaries(dir)).toEqual([]);
  });

  it('stdout: not restarted (rows were already printed): exit 6', async () => {
    h.sandbox.setFaults({ next: ['truncate'], path: '/statistics' });
    const run = await masg(statsArgs('-o', 'csv'));
    expect(run.code).toBe(6);
    expect(run.stdout.length).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/closed before the whole response arrived/);
    expect(h.sent().filter((r) => r.path.includes('/statistics'))).toHaveLength(1);
  });

  it('--out, cut on every attempt: gives up within --retries (exit 6), the earlier file intact', async () => {
    const out = join(dir, 'cut.csv');
    writeFileSync(out, 'earlier\n');
    h.sandbox.setFaults({ next: ['truncate', 'truncate', 'truncate'], path: '/statistics' });
    const run = await masg(statsArgs('--out', out, '--retries', '2'));
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/Gave up after 3 attempts/);
    expect(h.sent().filter((r) => r.path.includes('/statistics'))).toHaveLength(3);
    expect(readFileSync(out, 'utf8')).toBe('earlier\n');
    expect(temporaries(dir)).toEqual([]);
  });
});

describe('stdout redirected to a full disk (/dev/full: every write fails with ENOSPC)', () => {
  it('a list or a report: exit 7 naming standard output and ENOSPC, never 0 for lost data', async () => {
    for (const args of [['pub', 'list', '-o', 'csv'], statsArgs('-o', 'csv')]) {
      const run = await masg(args, { stdoutTo: '/dev/full' });
      expect(run.code).toBe(7);
      expect(run.stderr).toContain('masg: Cannot write standard output: no space left on the device (ENOSPC).');
    }
  });

  it('several-ID update: the changes were made, so their rows are kept in a fallback file; exit 7', async () => {
    const fallback = join(dir, 'fallback');
    const list = await h.masg(['pub', 'list', '-o', 'csv', '--fields', 'id']);
    const ids = list.stdout.trim().split('\n').slice(1, 4);
    const run = await masg(['pub', 'update', ...ids, '--reference', 'kept-on-full', '-o', 'csv'], {
      stdoutTo: '/dev/full',
      env: { TMPDIR: fallback },
    });
    expect(run.code).toBe(7);
    expect(posts()).toHaveLength(3);
    expect(run.stderr).toContain(
      'Updated 3 publications. But the results could not be written to standard output: no space left on the device (ENOSPC).',
    );
    const saved = /The results are in (\S+) instead\./.exec(run.stderr)?.[1];
    const [header, ...rows] = await parseCsv(readFileSync(saved!, 'utf8'));
    expect(header).toEqual(['id', 'name', 'status', 'result']);
    expect(rows.map((r) => [r[0], r[3]])).toEqual(ids.map((id) => [id, 'updated']));
  });

  it('slot create --results -: every new ID still reported on stderr; exit 7', async () => {
    const run = await masg(['slot', 'create', '--from', createFile('stdout-full', 3), '--results', '-'], {
      stdoutTo: '/dev/full',
      env: { TMPDIR: join(dir, 'fb') },
    });
    expect(run.code).toBe(7);
    const ids = await slotIds('stdout-full ');
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(run.stderr).toContain(id);
    expect(run.stderr).toContain('Created 3 ad slots. But the results could not be written to standard output');
  });
});
