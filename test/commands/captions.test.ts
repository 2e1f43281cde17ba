// On a terminal a table says what it shows: a report's day or range and the zone (as gh and the
// AWS CLI echo what they resolved), and the columns left out to fit, once. Machine formats and
// piped tables never carry either.
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

const tty = { tty: true, columns: 80, env: { MASG_TIMEZONE: 'America/New_York', NO_COLOR: '1' } };

describe('a report says its days and zone', () => {
  it('one day: `day: …` and `zone: …` above the table', async () => {
    const run = await h.masg(['pub', 'stats', '--date', '2024-06-10'], tty);
    expect(run.code).toBe(0);
    const first = run.stdout.split('\n')[0];
    expect(first).toContain('day: 2024-06-10');
    expect(first).toContain('zone: America/New_York');
  });

  it('a range of days, and a relative day resolved in the account zone', async () => {
    const range = await h.masg(['pub', 'stats', '--from', '2024-06-01', '--to', '2024-06-10', '--interval', 'day'], tty);
    expect(range.stdout).toContain('days: 2024-06-01 to 2024-06-10');
    const yesterday = await h.masg(['pub', 'stats', '--date', 'yesterday'], tty);
    expect(yesterday.stdout).toMatch(/day: \d{4}-\d{2}-\d{2} {3}zone: America\/New_York/);
  });

  it('without a known zone, it says the account’s', async () => {
    const run = await h.masg(['pub', 'stats', '--date', '2024-06-10'], { tty: true, columns: 80, env: { NO_COLOR: '1' } });
    expect(run.stdout).toContain("zone: the account's");
  });

  it('machine formats and piped tables are unchanged', async () => {
    for (const argv of [
      ['-o', 'csv'],
      ['-o', 'json'],
      ['-o', 'table'],
    ]) {
      const piped = await h.masg(['pub', 'stats', '--date', '2024-06-10', ...argv], { env: tty.env });
      expect(piped.stdout).not.toContain('day:');
      expect(piped.stdout).not.toContain('zone:');
    }
    const csvOnTerminal = await h.masg(['pub', 'stats', '--date', '2024-06-10', '-o', 'csv'], tty);
    expect(csvOnTerminal.stdout.split('\n')[0]).toBe('publication,requests,impressions,clicks,earnings,currency');
  });
});

describe('columns hidden to fit are announced once', () => {
  it('at 40 columns a list names what it left out, and how to see it', async () => {
    const run = await h.masg(['pub', 'list'], { tty: true, columns: 40, env: { NO_COLOR: '1' } });
    expect(run.code).toBe(0);
    const notes = run.stdout.split('\n').filter((l) => l.includes('hidden'));
    expect(notes).toHaveLength(1);
    // At 40 columns the note is wider than the terminal: it wraps, and still names every column.
    const lines = run.stdout.split('\n');
    const noteLines = lines.slice(
      lines.indexOf(notes[0]!),
      lines.findIndex((l) => l.startsWith('┌')),
    );
    const note = noteLines.join(' ');
    const m = /^(\d+) columns? hidden \(([^)]+)\); --wide or --fields to show them$/.exec(note);
    expect(m, note).not.toBeNull();
    expect(m![2]!.split(', ')).toHaveLength(Number(m![1]));
    expect(m![2]).toContain('url');
    expect(noteLines.length).toBeGreaterThan(1);
    for (const line of noteLines) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('at 80 columns the hidden columns are named when they fit (pub list: url)', async () => {
    const run = await h.masg(['pub', 'list'], { tty: true, columns: 80, env: { NO_COLOR: '1' } });
    expect(run.stdout.split('\n')[0]).toMatch(/^\d+ columns? hidden \(.*url.*\); --wide or --fields to show them$/);
  });

  it('nothing to say when all fits, with --wide, or when piped', async () => {
    expect((await h.masg(['adv', 'list'], { tty: true, columns: 200 })).stdout).not.toContain('hidden');
    expect((await h.masg(['pub', 'list', '--wide'], { tty: true, columns: 40 })).stdout).not.toContain('hidden');
    expect((await h.masg(['pub', 'list', '-o', 'table'], { env: { COLUMNS: '40' } })).stdout).not.toContain('hidden');
  });
});
