// The staging CSV lines a sync writes for each record: fixed columns rendered once per request,
// defaults for fields the service leaves empty, the record left as it was, and a value the
// warehouse cannot keep exactly refused with the record named (that name is built only then).
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/core/errors.js';
import { STATS_TABLES } from '../../src/warehouse/schema.js';
import { csvLine, csvLineWriter } from '../../src/warehouse/staging.js';

const publisher = STATS_TABLES.hour.publisher; // date, hour, publication, adslot, country, requests, impressions, clicks, earnings, currency
const record = { publication: 'p"1', adslot: 'a1', country: '', requests: '10', impressions: '7', clicks: '0', earnings: '-0.25' };

describe('csvLineWriter', () => {
  it('renders the fixed columns and the defaults, quotes text, leaves numbers as sent, and does not change the record', () => {
    const before = { ...record };
    const line = csvLineWriter(publisher, { account: 'a@x.test', date: '2026-11-21', hour: '7' }, { currency: 'USD' });
    expect(line(record, () => 'unused')).toBe('"a@x.test",2026-11-21,7,"p""1","a1","",10,7,0,-0.25,"USD"\n');
    expect(line({ ...record, currency: 'EUR' }, 'x')).toBe('"a@x.test",2026-11-21,7,"p""1","a1","",10,7,0,-0.25,"EUR"\n');
    expect(record).toEqual(before);
  });

  it('writes the same line as csvLine on a record that carries the fixed fields itself', () => {
    const full = { ...record, date: '2026-11-21', hour: '23', currency: 'USD' };
    expect(csvLineWriter(publisher, { date: '2026-11-21', hour: '23' }, { currency: 'USD' })(record, 'x')).toBe(
      csvLine(publisher, full, 'x'),
    );
  });

  it('a missing count or money is refused (never stored as NULL and read as zero), naming the figure', () => {
    const line = csvLineWriter(STATS_TABLES.day.publisher, { account: 'a@x.test', date: '2026-11-21' });
    expect(() => line({ publication: 'p', adslot: 'a', country: 'US' }, 'x')).toThrow(/The service sent "" as requests/);
  });

  it.each([
    ['earnings', '0.125', 'an amount with at most two decimals'],
    ['earnings', '1e3', 'an amount with at most two decimals'],
    ['clicks', '-1', 'a whole number'],
    ['requests', '1.0', 'a whole number'],
  ])('refuses %s = %s, naming the record, and builds that name only then', (field, value, what) => {
    let built = 0;
    const line = csvLineWriter(STATS_TABLES.day.publisher, { date: '2026-11-21' }, { currency: 'USD' });
    line(record, () => `record ${++built}`);
    expect(built).toBe(0);
    let error: unknown;
    try {
      line({ ...record, [field]: value }, () => `2026-11-21, publication ${++built}`);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain(`"${value}" as ${field}, which should be ${what} (2026-11-21, publication 1)`);
  });

  it('refuses a fixed value that is not what its column holds when the writer is made', () => {
    expect(() => csvLineWriter(STATS_TABLES.hour.publisher, { date: '2026-11-21', hour: 'x' })).toThrow(NetworkError);
  });
});
