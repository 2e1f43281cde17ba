// A statistics range that reaches into the future stops at the current hour in the account's
// zone, with a notice on stderr, instead of adding rows of zeros for hours that have not happened.
import { describe, expect, it } from 'vitest';
import { parseCsv, useHarness, type Harness } from '../commands/harness.js';

let h: Harness;
useHarness((harness) => (h = harness));

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const utcHourLabel = (d = new Date()) => d.toISOString().slice(0, 13);

describe('a range into the future', () => {
  it('--interval hour up to tomorrow: rows stop at the current hour, and stderr says so', async () => {
    const before = utcHourLabel();
    const run = await h.masg(['pub', 'stats', '--tz', 'UTC', '--from', utcDay(-1), '--to', utcDay(1), '--interval', 'hour', '-o', 'csv']);
    const after = utcHourLabel();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      new RegExp(`the range ends in the future \\(${utcDay(1)}T23\\); stopping at the current hour, (${before}|${after}) \\(UTC\\)`),
    );
    const [header, ...rows] = await parseCsv(run.stdout);
    const labels = [...new Set(rows.map((r) => r[header!.indexOf('hour')] ?? r[0]!))].sort();
    expect([before, after]).toContain(labels.at(-1));
    expect(labels.every((l) => l <= after)).toBe(true);
    // Every request is for an hour that has begun.
    const ends = h.sent().map((r) => r.params.end!);
    expect(ends.length).toBeGreaterThan(0);
    expect(ends.every((e) => e <= after.replace(/[-T]/g, ''))).toBe(true);
  });

  it('--dry-run shows the clipped requests; -q silences the notice', async () => {
    const before = utcHourLabel().replace(/[-T]/g, '');
    const run = await h.masg([
      '-q',
      '--dry-run',
      'pub',
      'stats',
      '--tz',
      'UTC',
      '--from',
      utcDay(0),
      '--to',
      utcDay(2),
      '--interval',
      'day',
    ]);
    const after = utcHourLabel().replace(/[-T]/g, '');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const requests = run.stdout.split('\n').filter((l) => l.startsWith('GET'));
    expect(requests).toHaveLength(1); // today only, up to now: not three days
    const end = /end=(\d{10})/.exec(requests[0]!)![1];
    expect([before, after]).toContain(end);
    expect(h.sent()).toEqual([]);
  });

  it('a range that has not begun: exit 2, nothing sent', async () => {
    const run = await h.masg(['pub', 'stats', '--tz', 'UTC', '--date', utcDay(2)]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`--date ${utcDay(2)} is in the future`);
    expect(h.sent()).toEqual([]);
  });
});
