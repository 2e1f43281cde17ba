import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/output/types.js';
import { divideRounded } from '../../src/stats/ratio.js';
import { statsColumns, toRow } from '../../src/stats/rows.js';
import { TotalsAccumulator } from '../../src/stats/totals.js';
import { parse, shapes } from '../endpoints/stats-stream-helpers.js';

const publisher = statsColumns('publisher', { level: 'adslot', byCountry: true, interval: 'day' });
const campaign = statsColumns('campaign', {});

function totals(columns: typeof publisher, rows: Row[]): Row {
  const acc = new TotalsAccumulator(columns);
  for (const r of rows) acc.add(r);
  return acc.totals();
}

const pub = (earnings: string, requests = '1'): Row => ({ requests, impressions: '1', clicks: '0', earnings, currency: 'USD' });

describe('TotalsAccumulator: publisher sums', () => {
  it('money exact: 0.10 + 0.20 = 0.30; labels and IDs blank; currency kept when all agree', () => {
    expect(totals(publisher, [pub('0.10'), pub('0.20')])).toEqual({
      date: '',
      publication: '',
      adslot: '',
      country: '',
      requests: '2',
      impressions: '2',
      clicks: '0',
      earnings: '0.30',
      currency: 'USD',
    });
  });

  it('counts beyond 2^53 summed with BigInt', () => {
    expect(totals(publisher, [pub('0.00', '9007199254740993'), pub('0.00', '9007199254740993')]).requests).toBe('18014398509481986');
  });

  it('-0.00 adds as zero; ∞ makes the total ∞; a non-number empties it', () => {
    expect(totals(publisher, [pub('-0.00'), pub('-0.00')]).earnings).toBe('0.00');
    expect(totals(publisher, [pub('1.00'), pub('∞')]).earnings).toBe('∞');
    const acc = new TotalsAccumulator(publisher);
    acc.add(pub('1.00'));
    acc.add(pub('1e3'));
    expect(acc.totals().earnings).toBe('');
    expect(acc.invalidColumns()).toEqual(['earnings']);
  });

  it('blank cells add nothing; the sum of nothing is 0', () => {
    expect(totals(publisher, [pub(''), pub('0.5')]).earnings).toBe('0.50');
    expect(totals(publisher, [])).toMatchObject({ requests: '0', earnings: '0.00', currency: '' });
  });

  it('mixed currencies leave the currency cell blank', () => {
    expect(totals(publisher, [pub('1.00'), { ...pub('1.00'), currency: 'EUR' }]).currency).toBe('');
  });

  it('totals of the fixture rows', async () => {
    const rows = (await parse('publications-adslot-bycountry.xml', shapes.pubsSlotsCountry)).map((r) => toRow(r));
    expect(totals(publisher, rows)).toMatchObject({ requests: '1200', impressions: '1100', clicks: '33', earnings: '0.30' });
  });
});

const camp = (impressions: string, clicks: string, conversions: string, spend: string, extra: Partial<Row> = {}): Row => ({
  impressions,
  clicks,
  conversions,
  spend,
  conversionsPercent: 'x',
  ctr: 'x',
  ecpm: 'x',
  costPerConversion: 'x',
  currency: 'USD',
  ...extra,
});

describe('TotalsAccumulator: campaign ratios are recomputed from the sums, never summed', () => {
  it('conversions/clicks×100, clicks/impressions, spend/impressions×1000, spend/conversions', () => {
    const t = totals(campaign, [camp('20000', '400', '10', '30.00'), camp('10000', '200', '5', '15.00')]);
    expect(t).toMatchObject({
      impressions: '30000',
      clicks: '600',
      conversions: '15',
      spend: '45.00',
      conversionsPercent: '2.50',
      ctr: '0.0200',
      ecpm: '1.50',
      costPerConversion: '3.00',
    });
  });

  it('rounds half up: 1/3 → 0.3333, 2/3 → 0.6667, 0.125 → 0.13', () => {
    expect(totals(campaign, [camp('3', '1', '0', '0.00')]).ctr).toBe('0.3333');
    expect(totals(campaign, [camp('3', '2', '0', '0.00')]).ctr).toBe('0.6667');
    expect(totals(campaign, [camp('8', '8', '8', '1.00')]).costPerConversion).toBe('0.13');
  });

  it('spend without conversions → ∞; 0/0 → blank', () => {
    const t = totals(campaign, [camp('1000', '10', '0', '5.00')]);
    expect(t).toMatchObject({ costPerConversion: '∞', conversionsPercent: '0.00', ecpm: '5.00', ctr: '0.0100' });
    expect(totals(campaign, [camp('0', '0', '0', '0.00')])).toMatchObject({
      costPerConversion: '',
      conversionsPercent: '',
      ctr: '',
      ecpm: '',
    });
  });

  it("an infinite spend makes spend-based ratios infinite; a ratio keeps the rows' marker (? from JSON)", () => {
    const t = totals(campaign, [camp('10', '1', '1', '∞')]);
    expect(t).toMatchObject({ spend: '∞', ecpm: '∞', costPerConversion: '∞', ctr: '0.1000' });
    expect(totals(campaign, [camp('10', '1', '0', '1.00', { costPerConversion: '?' })]).costPerConversion).toBe('?');
  });

  it('ratios are computed even when --fields hides their sources', () => {
    const onlyCtr = campaign.filter((c) => c.key === 'ctr');
    expect(totals(onlyCtr, [camp('200', '3', '0', '0.00')])).toEqual({ ctr: '0.0150' });
  });
});

describe('divideRounded', () => {
  it.each([
    [1n, 0, 3n, 0, 2, '33'],
    [-1n, 0, 3n, 0, 2, '-33'],
    [-5n, 1, 1n, 0, 0, '-1'], // -0.5 → -1: half away from zero
    [125n, 3, 1n, 0, 2, '13'],
    [3000n, 2, 1000n, 0, 4, '300'],
  ])('%s·10^-%i / %s·10^-%i at %i → %s', (nu, ns, du, ds, scale, units) => {
    expect(divideRounded({ units: nu, scale: ns }, { units: du, scale: ds }, scale).units.toString()).toBe(units);
  });
});
