// Campaign dates come out as ISO 8601 local date-times in every format masg writes (the service's
// MM-DD-YYYY HH:MM only under --raw), and empty values are null in json and ndjson, whatever the
// column's type.
import { describe, expect, it } from 'vitest';
import { isoCampaignDate } from '../../src/endpoints/campaign-dates.js';
import { parseCsv, useHarness, type DemoIds, type Harness } from '../commands/harness.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demo) => ((h = harness), (ids = demo)));

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DATES = ['startDate', 'endDate', 'activationDate', 'deactivationDate'];

async function advertiserWithDates(): Promise<string> {
  for (const adv of Object.values(ids.advertisers)) {
    const raw = await h.masg(['campaign', 'list', adv.id!, '--raw']);
    if (/<startDate>\d\d-\d\d-\d{4} \d\d:\d\d<\/startDate>/.test(raw.stdout)) return adv.id!;
  }
  throw new Error('no demo advertiser has a dated campaign');
}

describe('campaign dates', () => {
  it('converts the service form only', () => {
    expect(isoCampaignDate('09-24-2026 13:23')).toBe('2026-09-24T13:23');
    expect(isoCampaignDate('')).toBe('');
    expect(isoCampaignDate('2026-09-24T13:23')).toBe('2026-09-24T13:23');
    expect(isoCampaignDate('24.09.2026')).toBe('24.09.2026'); // unknown: passed on, not lost
  });

  it('json, csv, table and view show ISO; --raw keeps the service form', async () => {
    const adv = await advertiserWithDates();
    const raw = (await h.masg(['campaign', 'list', adv, '--raw'])).stdout;
    const served = [...raw.matchAll(/<(startDate|endDate|activationDate|deactivationDate)>([^<]+)</g)].map((m) => m[2]);
    expect(served.length).toBeGreaterThan(0);
    for (const d of served) expect(d).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d$/);

    const json = JSON.parse((await h.masg(['campaign', 'list', adv, '-o', 'json'])).stdout) as Record<string, string | null>[];
    const shown = json.flatMap((c) => DATES.map((k) => c[k]).filter((v): v is string => v !== null));
    expect(shown.sort()).toEqual(served.map(isoCampaignDate).sort());
    for (const d of shown) expect(d).toMatch(ISO);

    const [header, ...rows] = await parseCsv((await h.masg(['campaign', 'list', adv, '-o', 'csv'])).stdout);
    const at = DATES.map((k) => header!.indexOf(k));
    const csvDates = rows.flatMap((r) => at.map((i) => r[i]!)).filter((v) => v !== '');
    expect(csvDates.sort()).toEqual(shown.sort());

    const table = (await h.masg(['campaign', 'list', adv], { tty: true, columns: 250, env: { NO_COLOR: '1' } })).stdout;
    expect(table).toContain(shown[0]!);
    expect(table).not.toMatch(/\d\d-\d\d-\d{4} \d\d:\d\d/);

    const dated = json.find((c) => c.startDate !== null)!;
    const view = JSON.parse((await h.masg(['campaign', 'view', dated.id!, '-o', 'json'])).stdout);
    expect(view.startDate).toBe(dated.startDate);
    const viewRaw = (await h.masg(['campaign', 'view', dated.id!, '--raw'])).stdout;
    expect(viewRaw).toContain(`<startDate>${raw.match(new RegExp(`<id>${dated.id}</id>[\\s\\S]*?<startDate>([^<]+)<`))![1]}</startDate>`);
  });
});

describe('empty values in json and ndjson', () => {
  it('are null for every type, never "" (the same in json and ndjson)', async () => {
    const csv = await parseCsv((await h.masg(['pub', 'list', '-o', 'csv'])).stdout);
    const header = csv[0]!;
    const empties = csv.slice(1).flatMap((r) => r.map((v, i) => (v === '' ? header[i] : undefined)).filter(Boolean));
    // The demo data has empty text (description/url/reference) and empty counts (requests).
    expect(empties).toEqual(expect.arrayContaining(['requests']));
    expect(empties.some((k) => ['description', 'url', 'reference'].includes(k!))).toBe(true);

    const json = (await h.masg(['pub', 'list', '-o', 'json'])).stdout;
    const ndjson = (await h.masg(['pub', 'list', '-o', 'ndjson'])).stdout;
    expect(json).not.toContain('""');
    expect(ndjson).not.toContain('""');
    const arr = JSON.parse(json) as Record<string, unknown>[];
    expect(
      ndjson
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(arr);
    csv.slice(1).forEach((r, n) => r.forEach((v, i) => v === '' && expect(arr[n]![header[i]!]).toBeNull()));
  });
});
