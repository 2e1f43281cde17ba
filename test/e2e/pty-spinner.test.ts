// The wait spinner of the built binary under a real pseudo-terminal (util-linux `script`), and
// the same command with stderr piped: the spinner is there for a person, never for a pipe. The
// sandbox runs in this process with latency, so the child really waits; the child is spawned
// asynchronously because this process must keep answering it.
import { execFile, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, tempDir, type Harness } from '../commands/harness.js';
import { BIN, spawnMasg } from '../helpers/binary.js';

const hasScript = spawnSync('script', ['--version']).status === 0;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

let h: Harness;
let env: Record<string, string>;
let pubId: string;

/** script(1), waited for without blocking: this process's sandbox must answer it. */
function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  h = await startHarness();
  env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir('masg-home-'), NO_COLOR: '1', TERM: 'xterm', ...h.env };
  pubId = (JSON.parse((await h.masg(['pub', 'list', '-o', 'json'])).stdout) as Array<{ id: string }>)[0]!.id;
  h.sandbox.setFaults({ latencyMs: 900 });
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe.skipIf(!hasScript)('the spinner of the real binary', () => {
  it('shows on a terminal while a short ID is resolved and the publication read', async () => {
    const line = `stty cols 100 rows 40; ${quote(process.execPath)} ${quote(BIN)} pub view ${pubId.slice(0, 6)}`;
    const out = await run('script', ['-qfec', line, '/dev/null']);
    expect(out.code, out.stdout).toBe(0);
    expect(out.stdout).toContain('Waiting for the service');
    expect(out.stdout).toContain(pubId);
  }, 60_000);

  it('never when stderr is a pipe', async () => {
    const out = spawnMasg(['pub', 'view', pubId.slice(0, 6)], { env });
    expect(await out.exited).toBe(0);
    expect(out.stderr()).toBe('');
    expect(out.stdout()).toContain(pubId);
  }, 60_000);
});
