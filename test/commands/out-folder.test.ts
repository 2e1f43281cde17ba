// `--out` into a folder that does not exist is a file problem (exit 7), as cron reads the codes:
// the command line was fine, the disk was not ready. The message names the file and the cause.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, tempDir, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('--out into a missing folder', () => {
  it('a folder that does not exist: exit 7 naming the file and the cause, nothing sent', async () => {
    const file = join(tempDir(), 'missing', 'x.csv');
    h.mark();
    const run = await h.masg(['adv', 'list', '--out', file]);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toContain('does not exist');
    expect(run.stderr).toContain('mkdir -p');
  });
});
