import { describe, expect, it } from 'vitest';
import { statsColumns, toRow, zeroRow } from '../../src/stats/rows.js';
import { P1, S1, parse, shapes } from '../endpoints/stats-stream-helpers.js';

const keys = (cols: { key: string }[]) => cols.map((c) => c.key).join(',');

describe('statsColumns: fixed order, only the columns that apply', () => {
  it.each([
    ['publisher', {}, 'publication,requests,impressions,clicks,earnings,currency'],
    ['publisher', { level: 'adslot' }, 'publication,adslot,requests,impressions,clicks,earnings,currency'],
    ['publisher', { byCountry: true }, 'publication,country,requests,impressions,clicks,earnings,currency'],
    [
      'publisher',
      { level: 'adslot', byCountry: true, interval: 'day' },
      'date,publication,adslot,country,requests,impressions,clicks,earnings,currency',
    ],
    ['publisher', { interval: 'hour' }, 'hour,publication,requests,impressions,clicks,earnings,currency'],
    ['publisher', { interval: 'total' }, 'publication,requests,impressions,clicks,earnings,currency'],
    ['adslot', {}, 'adslot,requests,impressions,clicks,earnings,currency'],
    ['adslot', { byCountry: true, interval: 'day' }, 'date,adslot,country,requests,impressions,clicks,earnings,currency'],
    ['campaign', {}, 'campaign,impressions,clicks,conversions,conversionsPercent,ctr,ecpm,costPerConversion,spend,currency'],
    [
      'campaign',
      { interval: 'hour' },
      'hour,campaign,impressions,clicks,conversions,conversionsPercent,ctr,ecpm,costPerConversion,spend,currency',
    ],
  ] as const)('%s %j', (kind, opts, expected) => {
    expect(keys(statsColumns(kind, opts))).toBe(expected);
  });

  it('types: counts int, money and ratios decimal, the rest string', () => {
    const types = Object.fromEntries(statsColumns('campaign', { interval: 'day' }).map((c) => [c.key, c.type]));
    expect(types).toEqual({
      date: 'string',
      campaign: 'string',
      impressions: 'int',
      clicks: 'int',
      conversions: 'int',
      conversionsPercent: 'decimal',
      ctr: 'decimal',
      ecpm: 'decimal',
      costPerConversion: 'decimal',
      spend: 'decimal',
      currency: 'string',
    });
    expect(statsColumns('publisher', { level: 'adslot' }).find((c) => c.key === 'earnings')?.type).toBe('decimal');
  });
});

describe('toRow', () => {
  it('keeps every value as sent and adds the interval label', async () => {
    const [record] = await parse('publications-adslot.xml', shapes.pubsSlots);
    expect(toRow(record!, { interval: 'day', intervalLabel: '2026-11-19' })).toEqual({
      date: '2026-11-19',
      publication: P1,
      adslot: S1,
      requests: '700',
      impressions: '650',
      clicks: '20',
      earnings: '0.10',
      currency: 'USD',
    });
    expect(toRow(record!, { interval: 'hour', intervalLabel: '2026-11-19T05' })).toMatchObject({ hour: '2026-11-19T05' });
  });

  it('fills IDs the body left out from the query, never over a sent one', async () => {
    const [slot] = await parse('adslot-spec.xml', shapes.slot);
    expect(toRow({ requests: '1' }, { publication: P1, adslot: S1 })).toMatchObject({ publication: P1, adslot: S1 });
    expect(toRow(slot!, { adslot: 'from-query' }).adslot).toBe(S1);
    expect(toRow({ campaign: '' }, { campaign: 'c' }).campaign).toBe('c');
  });

  it("bare-decimal earnings get the service's single currency", async () => {
    const [slot] = await parse('adslot-spec.xml', shapes.slot);
    expect(toRow(slot!)).toMatchObject({ earnings: '1.25', currency: 'USD' });
  });

  it('big counts, -0.00 and ∞ untouched', async () => {
    const rows = (await parse('publications-adslot.xml', shapes.pubsSlots)).map((r) => toRow(r));
    expect(rows[2]).toMatchObject({ requests: '9007199254740993', impressions: '18446744073709551617', earnings: '90071992547409.93' });
    const [c] = await parse('campaign.xml', shapes.campaign);
    expect(toRow(c!)).toMatchObject({ costPerConversion: '∞', conversionsPercent: '0.00' });
  });
});

describe('zeroRow: an interval without data', () => {
  it('publisher: zero counts, 0.00 earnings, IDs and label from the context', () => {
    expect(zeroRow('publisher', { interval: 'day', intervalLabel: '2026-11-19', publication: P1 })).toEqual({
      date: '2026-11-19',
      publication: P1,
      requests: '0',
      impressions: '0',
      clicks: '0',
      earnings: '0.00',
      currency: 'USD',
    });
  });

  it('campaign: ratios blank (0/0 has no value)', () => {
    expect(zeroRow('campaign', { campaign: 'c' })).toEqual({
      campaign: 'c',
      impressions: '0',
      clicks: '0',
      conversions: '0',
      conversionsPercent: '',
      ctr: '',
      ecpm: '',
      costPerConversion: '',
      spend: '0.00',
      currency: 'USD',
    });
  });

  it('has a value for every column of its kind', () => {
    for (const kind of ['publisher', 'adslot', 'campaign'] as const) {
      const row = zeroRow(kind, { interval: 'hour', intervalLabel: 'h', publication: 'p', adslot: 's', campaign: 'c', country: 'US' });
      for (const c of statsColumns(kind, { level: 'adslot', byCountry: true, interval: 'hour' }))
        expect(row[c.key], `${kind}.${c.key}`).toBeDefined();
    }
  });
});
