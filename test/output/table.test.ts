import { describe, expect, it } from 'vitest';
import { renderRows, type Column, type OutputSettings } from '../../src/output/index.js';
import { Capture } from './capture.js';

const columns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name', wrap: true },
  { key: 'status', header: 'Status' },
  { key: 'earnings', header: 'Earnings', type: 'decimal' },
];
const rows = [
  { id: '1', name: 'Alpha', status: 'ACTIVE', earnings: '1.50' },
  { id: '2', name: 'Beta', status: 'PAUSED', earnings: '10.25' },
  { id: '3', name: 'Gamma', status: 'STOPPED', earnings: '0.00' },
  { id: '4', name: 'Delta', status: 'PENDING', earnings: '' },
];

async function table(s: Partial<OutputSettings>, data = rows, totals?: Record<string, string>): Promise<string> {
  const out = new Capture();
  await renderRows(out, columns, data, { format: 'table', header: true, color: false, ...s }, { totals });
  return out.text;
}

describe('table', () => {
  it('draws a header, one line per row, numbers right-aligned, no colour when off', async () => {
    const text = await table({});
    expect(text).toBe(
      [
        '┌────┬───────┬─────────┬──────────┐',
        '│ ID │ Name  │ Status  │ Earnings │',
        '├────┼───────┼─────────┼──────────┤',
        '│ 1  │ Alpha │ ACTIVE  │     1.50 │',
        '│ 2  │ Beta  │ PAUSED  │    10.25 │',
        '│ 3  │ Gamma │ STOPPED │     0.00 │',
        '│ 4  │ Delta │ PENDING │          │',
        '└────┴───────┴─────────┴──────────┘',
        '',
      ].join('\n'),
    );
  });

  it('sets the totals row apart with a rule and labels it', async () => {
    expect(await table({}, rows, { earnings: '11.75' })).toBe(
      [
        '┌───────┬───────┬─────────┬──────────┐',
        '│ ID    │ Name  │ Status  │ Earnings │',
        '├───────┼───────┼─────────┼──────────┤',
        '│ 1     │ Alpha │ ACTIVE  │     1.50 │',
        '│ 2     │ Beta  │ PAUSED  │    10.25 │',
        '│ 3     │ Gamma │ STOPPED │     0.00 │',
        '│ 4     │ Delta │ PENDING │          │',
        '├───────┼───────┼─────────┼──────────┤',
        '│ Total │       │         │    11.75 │',
        '└───────┴───────┴─────────┴──────────┘',
        '',
      ].join('\n'),
    );
  });

  it('makes the totals bold and colours header and statuses only when colour is on', async () => {
    const plain = await table({}, rows, { earnings: '11.75' });
    expect(plain).not.toContain('\u001b');
    const coloured = await table({ color: true }, rows, { earnings: '11.75' });
    expect(coloured).toContain('\u001b[1mID\u001b[22m');
    expect(coloured).toContain('\u001b[32mACTIVE\u001b[39m');
    expect(coloured).toContain('\u001b[33mPAUSED\u001b[39m');
    expect(coloured).toContain('\u001b[31mSTOPPED\u001b[39m');
    expect(coloured).toContain('\u001b[2mPENDING\u001b[22m');
    expect(coloured).toContain('\u001b[1m11.75\u001b[22m');
  });

  it('shows a header and no rows for an empty list', async () => {
    expect(await table({}, [])).toBe(
      ['┌────┬──────┬────────┬──────────┐', '│ ID │ Name │ Status │ Earnings │', '└────┴──────┴────────┴──────────┘', ''].join('\n'),
    );
  });

  it('strips control characters and escape sequences from server text', async () => {
    const text = await table({ fields: ['name'] }, [
      { id: '1', name: '\u001b]8;;http://x\u0007click\u001b]8;;\u0007\u001b[31m red\u009b2J\u007f', status: '', earnings: '' },
    ]);
    expect(text).toContain('│ click red │');
    // eslint-disable-next-line no-control-regex -- the test is that no control characters reach the terminal
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('removes every bidirectional control sanitize.ts knows, the marks U+061C, U+200E and U+200F included', async () => {
    // The marks alone: no other control character to send the cell through sanitizing anyway.
    const text = await table({ fields: ['name'] }, [{ id: '1', name: 'a\u061cb\u200ec\u200fd', status: '', earnings: '' }]);
    expect(text).toContain('│ abcd │');
    expect(text).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it('never wraps or truncates without a terminal width (piped)', async () => {
    const long = 'word '.repeat(60).trim();
    const text = await table({ fields: ['id', 'name'] }, [{ id: '1', name: long, status: '', earnings: '' }]);
    expect(text).toContain(long);
  });
});
