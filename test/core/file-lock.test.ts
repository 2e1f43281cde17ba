// The cross-process lock and atomic replace behind every file masg keeps (src/core/file-lock.ts),
// forced for real: several Node processes incrementing one counter, a holder killed with
// SIGKILL, a live holder that outlasts the wait, a lock lost mid-change. The children load the
// built module (dist/; `npm test` builds first) so that they are separate processes for real.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from '../../src/core/atomic-file.js';
import { LockBusyError, lockPath, tryWithFileLock, withFileLock } from '../../src/core/file-lock.js';

const DIST = join(import.meta.dirname, '../../dist/core/file-lock.js');
const dir = mkdtempSync(join(tmpdir(), 'masg-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  if (!existsSync(DIST)) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` (npm test does) first');
});

/** A Node child running `body` with `withFileLock` in scope and argv[1..] as `args`. */
function child(body: string, args: string[]): ChildProcess {
  const script = `const { withFileLock } = await import(${JSON.stringify(pathToFileURL(DIST).href)});\nconst args = process.argv.slice(1);\n${body}`;
  return spawn(process.execPath, ['--input-type=module', '-e', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

function exited(c: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => c.once('exit', (code) => resolve(code)));
}

/** Resolves once the child printed `word` on stdout. */
function said(c: ChildProcess, word: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = '';
    c.stdout!.on('data', (d) => {
      text += d;
      if (text.includes(word)) resolve();
    });
    c.once('exit', () => reject(new Error(`child exited before saying ${word}: ${text}`)));
  });
}

const HOLD = `await withFileLock(args[0], async () => { console.log('locked'); setInterval(() => {}, 1000); await new Promise(() => {}); }, { staleMs: 2000 });`;

describe('withFileLock across processes', () => {
  it('6 processes × 25 read-increment-writes of one file: none lost', async () => {
    const file = join(dir, 'counter');
    const body = `for (let i = 0; i < Number(args[1]); i++) await withFileLock(args[0], async (f) => { const n = Number((await f.read()) ?? 0); await f.write(String(n + 1)); });`;
    const codes = await Promise.all(Array.from({ length: 6 }, () => exited(child(body, [file, '25']))));
    expect(codes).toEqual([0, 0, 0, 0, 0, 0]);
    expect(readFileSync(file, 'utf8')).toBe('150');
    expect(readdirSync(dir).filter((n) => n.includes('counter') && n !== 'counter')).toEqual([]); // no lock, no temp left
  }, 60_000);

  it('a lock left by a process killed with SIGKILL is taken over once stale, not waited on forever', async () => {
    const file = join(dir, 'killed');
    const holder = child(HOLD, [file]);
    await said(holder, 'locked');
    holder.kill('SIGKILL');
    await exited(holder);
    expect(existsSync(lockPath(file))).toBe(true); // kill -9 ran no clean-up
    // Waiting forever would never get here (the dead holder never releases).
    await withFileLock(file, (f) => f.write('after'), { staleMs: 2000 });
    expect(readFileSync(file, 'utf8')).toBe('after');
    expect(existsSync(lockPath(file))).toBe(false);
  }, 30_000);

  it('a live holder keeps its lock past the stale age; the waiter gives up with exit code 7 and changes nothing', async () => {
    const file = join(dir, 'busy');
    writeFileSync(file, 'before');
    const holder = child(HOLD, [file]);
    try {
      await said(holder, 'locked');
      const t0 = Date.now();
      const err = await withFileLock(file, (f) => f.write('mine'), { waitMs: 3_000, staleMs: 2000 }).catch((e: unknown) => e);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(2_900);
      expect(err).toBeInstanceOf(LockBusyError);
      expect(err).toMatchObject({ exitCode: 7, errno: 'ELOCKED', path: file });
      expect((err as Error & { hint: string }).hint).toContain(`${file}.lock`);
      expect(readFileSync(file, 'utf8')).toBe('before');
      // What the completion cache uses: give up (the holder keeps the lock), no error.
      expect(await tryWithFileLock(file, (f) => f.write('mine'), { waitMs: 50 })).toBeUndefined();
    } finally {
      holder.kill('SIGKILL');
      await exited(holder);
    }
  }, 30_000);
});

describe('withFileLock in one process', () => {
  it('serialises concurrent callers of one file (the sandbox answering requests at once)', async () => {
    const file = join(dir, 'inproc');
    await Promise.all(
      Array.from({ length: 40 }, () =>
        withFileLock(file, async (f) => {
          const n = Number((await f.read()) ?? 0);
          await new Promise((r) => setTimeout(r, 1));
          await f.write(String(n + 1));
        }),
      ),
    );
    expect(readFileSync(file, 'utf8')).toBe('40');
  });

  it('a caller queued behind a slow one in this process also gives up after waitMs', async () => {
    const file = join(dir, 'queued');
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const slow = withFileLock(file, () => new Promise<void>((r) => ((release = r), holding())));
    await held;
    // The slow caller holds the lock until release(): undefined means this one gave up.
    expect(await tryWithFileLock(file, (f) => f.write('x'), { waitMs: 50 })).toBeUndefined();
    release();
    await slow;
    // And the queue is not left stuck.
    await withFileLock(file, (f) => f.write('y'));
    expect(readFileSync(file, 'utf8')).toBe('y');
  });

  it('refuses to write once the lock was lost (removed by someone else) instead of writing unprotected', async () => {
    const file = join(dir, 'lost');
    writeFileSync(file, 'before');
    const err = await withFileLock(
      file,
      async (f) => {
        rmSync(lockPath(file), { recursive: true });
        // The holder notices at its next refresh (every staleMs / 2, at least 1 s).
        await new Promise((r) => setTimeout(r, 1_500));
        await f.write('unprotected');
      },
      { staleMs: 2000 },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ exitCode: 7, errno: 'ECOMPROMISED' });
    expect(readFileSync(file, 'utf8')).toBe('before');
  });

  it('an error inside releases the lock', async () => {
    const file = join(dir, 'throws');
    await expect(withFileLock(file, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(existsSync(lockPath(file))).toBe(false);
    await withFileLock(file, (f) => f.write('ok'), { waitMs: 0 });
    expect(readFileSync(file, 'utf8')).toBe('ok');
  });
});

describe('atomic replace', () => {
  it.runIf(process.platform !== 'win32')('writes mode 0600 by default, leaves no temp file, removes temps of killed writers', async () => {
    const file = join(dir, 'atomic.json');
    const killed = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const stale = join(dir, `.atomic.json.${killed.stdout}.deadbeef.tmp`);
    writeFileSync(stale, '{"half');
    await writeFileAtomic(file, '{"a":1}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(stale)).toBe(false);
    writeFileSync(stale, '{"half');
    await withFileLock(file, (f) => f.write('{"a":2}'));
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.startsWith('.atomic.json.'))).toEqual([]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ a: 2 });
  });

  it('fsyncs the file and its folder, unless told the write need not be durable (a cache)', async () => {
    const { open } = await import('node:fs/promises');
    const probe = await open(join(dir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const sync = vi.spyOn(proto, 'sync');
    try {
      await writeFileAtomic(join(dir, 'durable.json'), '{}');
      expect(sync).toHaveBeenCalledTimes(2); // the temp file, then the folder
      sync.mockClear();
      await withFileLock(join(dir, 'cache.json'), (f) => f.write('{"b":1}', { durable: false }));
      expect(sync).not.toHaveBeenCalled();
      expect(readFileSync(join(dir, 'cache.json'), 'utf8')).toBe('{"b":1}');
    } finally {
      sync.mockRestore();
    }
  });

  it('a failed write removes its temp file and leaves the old file', async () => {
    const file = join(dir, 'sub-missing', 'x.json'); // folder does not exist: open fails
    await expect(writeFileAtomic(file, 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    const target = join(dir, 'target.json');
    writeFileSync(target, 'old');
    await expect(
      writeFileAtomic(target, 'new', {
        beforeRename: () => {
          throw new Error('stop');
        },
      }),
    ).rejects.toThrow('stop');
    expect(readFileSync(target, 'utf8')).toBe('old');
    expect(readdirSync(dir).filter((n) => n.startsWith('.target.json.'))).toEqual([]);
  });
});
