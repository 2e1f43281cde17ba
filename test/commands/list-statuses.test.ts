// Every status a publication list shows can filter it: production reports PENDING, NEW,
// NEW_REVIEW and REJECTED beside the spec's three, and the sandbox does too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('pub list --status', () => {
  it('PENDING (any case) lists the pending publications, as the service filters them', async () => {
    const all = JSON.parse((await h.masg(['pub', 'list', '-o', 'json'])).stdout) as Array<{ id: string; status: string }>;
    const pending = all.filter((p) => p.status === 'PENDING').map((p) => p.id);
    expect(pending.length).toBeGreaterThan(0);
    for (const word of ['PENDING', 'pending']) {
      h.mark();
      const run = await h.masg(['pub', 'list', '--status', word, '-o', 'json']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as Array<{ id: string }>).map((p) => p.id)).toEqual(pending);
      expect(h.sent().map((r) => r.params.status)).toContain('PENDING');
    }
  });

  it.each(['NEW', 'NEW_REVIEW', 'REJECTED'])('%s is accepted (exit 0)', async (status) => {
    expect((await h.masg(['pub', 'list', '--status', status, '-o', 'csv'])).code).toBe(0);
  });
});
