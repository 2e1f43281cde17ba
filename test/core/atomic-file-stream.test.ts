// The atomic file under real faults: stale temporary files of dead processes, a restart that
// throws away what was written, and file-system failures (a read-only or small tmpfs as root).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAtomicFile, processAlive, removeStaleTemps } from '../../src/core/atomic-file.js';
import { ExitCode, LocalIOError } from '../../src/core/errors.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { canMount, readOnlyDir, removeMounts, skipReason, tmpfs } from '../helpers/fs-faults.js';

afterAll(() => {
  removeMounts();
  removeTempDirs();
});

const write = (file: { stream: NodeJS.WritableStream }, text: string) =>
  new Promise<void>((resolve, reject) => file.stream.write(text, (err) => (err ? reject(err) : resolve())));

/** The PID of a process that has exited (and was reaped): nobody answers to it now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('temporary files left by killed runs', () => {
  it('the next run to the same file removes those of dead processes, and only those', async () => {
    const dir = tempDir();
    const target = join(dir, 'daily.csv');
    const live = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const dead = deadPid();
      const names = {
        dead: `.daily.csv.${dead}.0a1b2c3d.tmp`,
        live: `.daily.csv.${live.pid}.0a1b2c3d.tmp`,
        own: `.daily.csv.${process.pid}.0a1b2c3d.tmp`,
        otherTarget: `.weekly.csv.${dead}.0a1b2c3d.tmp`,
        notOurs: `.daily.csv.backup.tmp`,
      };
      for (const n of Object.values(names)) writeFileSync(join(dir, n), 'half an export');
      const file = await openAtomicFile(target);
      await write(file, 'a,b\n');
      await file.commit();
      const left = readdirSync(dir).sort();
      expect(left).not.toContain(names.dead);
      expect(left).toEqual([names.live, names.own, names.notOurs, names.otherTarget, 'daily.csv'].sort());
      expect(readFileSync(target, 'utf8')).toBe('a,b\n');
    } finally {
      live.kill();
    }
  });

  it('a process that exists but is not ours to signal (EPERM) counts as alive', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(deadPid())).toBe(false);
    // As another user, PID 1 (root's) answers EPERM to signal 0: alive.
    const asNobody = spawnSync(
      'setpriv',
      [
        '--reuid=65534',
        '--regid=65534',
        '--clear-groups',
        process.execPath,
        '-e',
        'try { process.kill(1, 0); console.log("ok") } catch (e) { console.log(e.code) }',
      ],
      { encoding: 'utf8' },
    );
    if (asNobody.status === 0) expect(asNobody.stdout.trim()).toBe('EPERM');
  });

  it('removeStaleTemps asks about each PID and removes what is stale', async () => {
    const dir = tempDir();
    const target = join(dir, 'x.csv');
    writeFileSync(join(dir, '.x.csv.111.deadbeef.tmp'), '');
    writeFileSync(join(dir, '.x.csv.222.deadbeef.tmp'), '');
    const asked: number[] = [];
    const removed = await removeStaleTemps(target, (pid) => (asked.push(pid), pid === 222));
    expect(asked.sort()).toEqual([111, 222]);
    expect(removed).toEqual(['.x.csv.111.deadbeef.tmp']);
    expect(existsSync(join(dir, '.x.csv.222.deadbeef.tmp'))).toBe(true);
  });
});

describe('restart', () => {
  it('throws away what was written; the target gets only the last attempt', async () => {
    const dir = tempDir();
    const target = join(dir, 'r.csv');
    writeFileSync(target, 'old\n');
    const file = await openAtomicFile(target);
    await write(file, 'first attempt, cut short');
    await file.restart();
    expect(readFileSync(file.tempPath, 'utf8')).toBe('');
    await write(file, 'second\n');
    await file.commit();
    expect(readFileSync(target, 'utf8')).toBe('second\n');
    expect(readdirSync(dir)).toEqual(['r.csv']);
  });
});

describe.skipIf(!canMount)('file-system failures (tmpfs mounts)', () => {
  it('a read-only folder: LocalIOError (exit 7) at open, naming the file and EROFS', async () => {
    const ro = readOnlyDir();
    const target = join(ro.dir, 'x.csv');
    const err = await openAtomicFile(target).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalIOError);
    expect(err).toMatchObject({ exitCode: ExitCode.LOCAL_IO, path: target, errno: 'EROFS' });
    expect((err as Error).message).toBe(`Cannot write ${target}: the file system is read-only (EROFS).`);
  });

  it('reserveBytes that do not fit: ENOSPC at open, no temporary file left', async () => {
    const small = tmpfs(64);
    const target = join(small.dir, 'results.csv');
    const err = await openAtomicFile(target, '--results', { reserveBytes: 256 * 1024 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ exitCode: ExitCode.LOCAL_IO, errno: 'ENOSPC', path: target });
    expect(readdirSync(small.dir)).toEqual([]);
    // What fits is reserved and given back: the file starts empty.
    const ok = await openAtomicFile(target, '--results', { reserveBytes: 16 * 1024 });
    expect(readFileSync(ok.tempPath, 'utf8')).toBe('');
    await ok.abort();
  });

  it('the disk fills up mid-write: commit throws ENOSPC as LocalIOError, the earlier file intact, no temporary file', async () => {
    const small = tmpfs(64);
    const target = join(small.dir, 'export.csv');
    writeFileSync(target, 'earlier\n');
    const file = await openAtomicFile(target);
    file.stream.on('error', () => undefined);
    file.stream.write('x'.repeat(256 * 1024));
    const err = await file.commit().catch((e: unknown) => e);
    expect(err).toMatchObject({ exitCode: ExitCode.LOCAL_IO, errno: 'ENOSPC', path: target });
    expect((err as LocalIOError).hint).toContain(`The earlier ${target} is unchanged.`);
    expect(readFileSync(target, 'utf8')).toBe('earlier\n');
    expect(readdirSync(small.dir)).toEqual(['export.csv']);
  });
});

if (!canMount) describe('file-system failures (tmpfs mounts)', () => it.skip(skipReason, () => {}));
