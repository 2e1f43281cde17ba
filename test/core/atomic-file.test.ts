// The one stale-temp rule of src/core/atomic-file.ts, held by every writer that replaces a file:
// a temporary file whose process is gone is removed by the next write of the same target; those
// of live processes, of this process and of other targets are left alone, with or without the lock.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAtomicFile, writeFileAtomic } from '../../src/core/atomic-file.js';
import { withFileLock } from '../../src/core/file-lock.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';

const DIST = join(import.meta.dirname, '../../dist/core/atomic-file.js');
beforeAll(() => {
  if (!existsSync(DIST)) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` (npm test does) first');
});
afterAll(removeTempDirs);

/** The PID of a process that has exited and was reaped. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

const writers: Record<string, (target: string, text: string) => Promise<void>> = {
  'writeFileAtomic (no lock)': (target, text) => writeFileAtomic(target, text),
  'withFileLock (profiles, caches, sandbox state)': (target, text) => withFileLock(target, (f) => f.write(text)),
  'openAtomicFile (--out, --results)': async (target, text) => {
    const file = await openAtomicFile(target);
    await new Promise<void>((resolve, reject) => file.stream.write(text, (err) => (err ? reject(err) : resolve())));
    await file.commit();
  },
};

describe.each(Object.entries(writers))('%s', (_name, write) => {
  it('removes the temps of dead writers of this target and nothing else', async () => {
    const dir = tempDir();
    const target = join(dir, 'state.json');
    const live = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const names = {
        dead: `.state.json.${deadPid()}.0a1b2c3d.tmp`,
        live: `.state.json.${live.pid}.0a1b2c3d.tmp`,
        own: `.state.json.${process.pid}.0a1b2c3d.tmp`,
        otherTarget: `.other.json.${deadPid()}.0a1b2c3d.tmp`,
        notATemp: '.state.json.backup.tmp',
      };
      for (const n of Object.values(names)) writeFileSync(join(dir, n), 'half');
      await write(target, '{"v":1}');
      expect(readdirSync(dir).sort()).toEqual([names.live, names.own, names.otherTarget, names.notATemp, 'state.json'].sort());
      expect(readFileSync(target, 'utf8')).toBe('{"v":1}');
    } finally {
      live.kill();
    }
  });

  it('removes the temp of a writer killed with SIGKILL before its rename', async () => {
    const dir = tempDir();
    const target = join(dir, 'killed.json');
    writeFileSync(target, 'old');
    // A real writer: it creates its temp, writes half, says so, and waits to be killed.
    const script = `const { createTemp } = await import(${JSON.stringify(pathToFileURL(DIST).href)});
const { handle } = await createTemp(process.argv[1], 0o600);
await handle.write('{"half');
process.stdout.write('ready');
setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, target], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`writer exited (${code}) before creating its temp`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const leftover = `.killed.json.${child.pid}.`;
    expect(readdirSync(dir).some((n) => n.startsWith(leftover))).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('old');

    await write(target, 'new');
    expect(readdirSync(dir)).toEqual(['killed.json']);
    expect(readFileSync(target, 'utf8')).toBe('new');
  });
});
