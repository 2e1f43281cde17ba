// Exit 1, an unexpected internal error: a bug is simulated by stubbing one API function so that
// it throws a plain TypeError, as a programming error would. Everything else is real (sandbox,
// CLI, context), so the path from a thrown non-masg error to the exit code is the one users hit.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHarness, type Harness } from '../commands/harness.js';

vi.mock('../../src/endpoints/advertisers.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/endpoints/advertisers.js')>();
  return {
    ...real,
    // What a real bug looks like: reading a property of undefined, while the list is read. The
    // request it describes is the real one, so only the reading is broken.
    listAdvertisers: Object.assign(
      () => ({
        async *batches() {
          const rows = undefined as unknown as { map: () => void };
          yield rows.map();
        },
      }),
      { request: real.listAdvertisers.request },
    ),
  };
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('1: unexpected internal error', () => {
  it('exit 1, a short message and what to do; no stack trace without --debug', async () => {
    const run = await h.masg(['adv', 'list', '-o', 'csv']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^masg: internal error: .*undefined/);
    expect(run.stderr).toContain('--debug');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('with --debug the stack trace is shown (on stderr) and still no key', async () => {
    const run = await h.masg(['adv', 'list', '--debug']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/\n\s+at /);
    expect(run.stderr).not.toContain(h.sandbox.demo.key);
  });

  it('other commands are unaffected by the stub (the mapping is per error, not per run)', async () => {
    const run = await h.masg(['pub', 'list', '-o', 'csv']);
    expect(run.code).toBe(0);
  });
});
