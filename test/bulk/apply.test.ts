import { describe, expect, it } from 'vitest';
import { applyAll, outcomeText } from '../../src/bulk/apply.js';
import { endOfRun, failuresOf } from '../../src/bulk/finish.js';
import { defaultResultsPath } from '../../src/bulk/results.js';
import { ApiError, AuthError, NetworkError } from '../../src/core/errors.js';

const work =
  (failOn: Set<number>, error: (i: number) => Error = (i) => new ApiError(2001, `item ${i}`, 400)) =>
  async (i: number) => {
    await new Promise((r) => setTimeout(r, 1));
    if (failOn.has(i)) throw error(i);
    return i * 10;
  };

describe('applyAll', () => {
  it('every item gets an outcome; without --continue-on-error nothing starts after a failure', async () => {
    const out = await applyAll([0, 1, 2, 3, 4], work(new Set([1])), { concurrency: 1, continueOnError: false });
    expect(out.map((o) => outcomeText(o, 'updated'))).toEqual([
      'updated',
      'failed: The service refused the request (code 2001): item 1',
      'skipped',
      'skipped',
      'skipped',
    ]);
  });

  it('with --continue-on-error all are tried, at most `concurrency` at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await applyAll(
      Array.from({ length: 20 }, (_, i) => i),
      async (i) => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 2));
        running--;
        if (i % 7 === 3) throw new Error(`bad ${i}`);
        return i;
      },
      { concurrency: 4, continueOnError: true },
    );
    expect(peak).toBe(4);
    expect(out.filter((o) => o.kind === 'failed')).toHaveLength(3);
    expect(out.filter((o) => o.kind === 'done')).toHaveLength(17);
  });

  it('rejected credentials stop the run even with --continue-on-error', async () => {
    const out = await applyAll(
      [0, 1, 2],
      work(new Set([0, 1, 2]), () => new AuthError(1003, 'bad key', 400)),
      { concurrency: 1, continueOnError: true },
    );
    expect(out.map((o) => o.kind)).toEqual(['failed', 'skipped', 'skipped']);
  });
});

describe('endOfRun', () => {
  it('the first failure keeps its class, with where it happened', () => {
    const err = endOfRun({
      failures: [{ where: 'line 3 (x)', error: new NetworkError('timeout') }],
      total: 5,
      continueOnError: false,
      aborted: false,
      results: 'r.csv',
    });
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ exitCode: 6, message: 'line 3 (x): timeout', hint: "Each row's result is in r.csv." });
  });
  it('with --continue-on-error: exit 8 counting the failures', () => {
    const failures = failuresOf(
      [
        { kind: 'failed', error: new Error('a') },
        { kind: 'done', value: 1 },
        { kind: 'failed', error: new Error('b') },
      ],
      (i) => `#${i}`,
    );
    expect(endOfRun({ failures, total: 3, continueOnError: true, aborted: false })).toMatchObject({
      exitCode: 8,
      message: '2 of 3 items failed (first: #0: a).',
    });
    expect(endOfRun({ failures: [], total: 3, continueOnError: true, aborted: false })).toBeUndefined();
    expect(endOfRun({ failures: [], total: 3, continueOnError: true, aborted: true })).toMatchObject({ exitCode: 130 });
  });
});

it('results go beside the input by default', () => {
  expect(defaultResultsPath('/data/slots.csv')).toBe('/data/slots.results.csv');
  expect(defaultResultsPath('edit')).toBe('edit.results.csv');
  expect(defaultResultsPath('-')).toBe('-');
});
