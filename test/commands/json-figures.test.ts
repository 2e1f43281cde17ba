// One rule for figures in JSON (docs/output.md#json-types): every statistics command's -o json and
// -o ndjson carry counts, money and ratios as the exact strings the service sent, never JSON
// numbers, which JSON readers turn into floats ("0.10" → 0.1, 9007199254740993 → …992). The
// service here is a local HTTP server answering each statistics endpoint with such figures.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, XML, type FixtureServer } from '../transport/fixture-server.js';
import { runCli } from '../helpers/cli.js';
import { removeTempDirs, tempDir } from './harness.js';

const PUB = '0a5b4f6e-3c1d-4e8f-9a2b-7c6d5e4f3a21';
const SLOT = '5f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const CAMPAIGN = 'c0ffee00-1234-4abc-8def-0123456789ab';
// Past 2^53: a float cannot hold them (9007199254740993 reads back as 9007199254740992).
const BIG_COUNT = '9007199254740993';
const BIG_MONEY = '9007199254740993.10';

/** Two records: one of huge figures, one of small money with its trailing zero. */
const FIGURES = [
  { requests: BIG_COUNT, impressions: BIG_COUNT, clicks: '3', money: BIG_MONEY },
  { requests: '400', impressions: '380', clicks: '12', money: '0.10' },
];

const amount = (tag: string, value: string) => `<${tag}><currency>USD</currency><amount>${value}</amount></${tag}>`;

function publisherStatistics(f: (typeof FIGURES)[number], country: boolean): string {
  const where = country ? '<country>US</country>' : '';
  return `<statistics>${where}<requests>${f.requests}</requests><impressions>${f.impressions}</impressions><clicks>${f.clicks}</clicks>${amount('earnings', f.money)}</statistics>`;
}

function campaignStatistics(f: (typeof FIGURES)[number]): string {
  return (
    `<statistics><impressions>${f.impressions}</impressions><clicks>${f.clicks}</clicks><conversions>1</conversions>` +
    `<conversionsPercent>0.00</conversionsPercent>${amount('CTR', '0.02')}${amount('ECPM', '1.50')}` +
    `${amount('costPerConversion', '0.10')}${amount('spend', f.money)}</statistics>`
  );
}

/** Each endpoint's XML for the query it was sent: two publications or slots, each with its record. */
function answer(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://fixture');
  const country = url.searchParams.get('bycountry') === 'true';
  const adslotLevel = url.searchParams.get('level') === 'adslot';
  const ids = ['1', '2'].map((n) => PUB.slice(0, -1) + n);
  const body = url.pathname.startsWith('/v1/campaign/')
    ? `<campaign><id>${CAMPAIGN}</id>${campaignStatistics(FIGURES[0]!)}</campaign>`
    : url.pathname.startsWith('/v1/adslot/')
      ? `<adslot><id>${SLOT}</id>${FIGURES.map((f) => publisherStatistics(f, country)).join('')}</adslot>`
      : FIGURES.map((f, i) => {
          const stats = publisherStatistics(f, country);
          const inner = adslotLevel ? `<adslot><id>${SLOT.slice(0, -1)}${i}</id>${stats}</adslot>` : stats;
          return `<publication><id>${url.pathname === '/v1/publication/statistics.xml' ? ids[i] : PUB}</id>${inner}</publication>`;
        }).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>${body}</masg-response>\n`;
  res.writeHead(200, { 'content-type': XML, 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

let server: FixtureServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startFixtureServer();
  for (const path of ['publication', `publication/${PUB}`, `adslot/${SLOT}`, `campaign/${CAMPAIGN}`])
    server.on(`GET /v1/${path}/statistics.xml`, answer);
  env = {
    MASG_BASE_URL: `${server.url}/v1`,
    MASG_EMAIL: 'ops@example.com',
    MASG_DEVELOPER_KEY: 'prod-style-key-123456',
    MASG_TIMEZONE: 'UTC',
    MASG_CONFIG_DIR: tempDir('masg-json-figures-'),
  };
});
afterAll(async () => {
  await server.close();
  removeTempDirs();
});

const COMMANDS: Array<[string, string[]]> = [
  ['pub stats', ['pub', 'stats']],
  ['pub stats --by-country', ['pub', 'stats', '--by-country']],
  ['pub stats --level adslot', ['pub', 'stats', '--level', 'adslot']],
  ['pub stats --level adslot --by-country --interval day', ['pub', 'stats', '--level', 'adslot', '--by-country', '--interval', 'day']],
  ['pub stats ID', ['pub', 'stats', PUB]],
  ['pub stats ID --level adslot', ['pub', 'stats', PUB, '--level', 'adslot']],
  ['slot stats ID', ['slot', 'stats', SLOT]],
  ['slot stats ID --by-country', ['slot', 'stats', SLOT, '--by-country']],
];

/** The parsed rows of -o json and of -o ndjson, which must agree. */
async function both(argv: string[]): Promise<{ rows: Array<Record<string, unknown>>; text: string }> {
  const json = await runCli([...argv, '--date', '2026-06-10', '-o', 'json'], { env });
  expect(json.code, json.stderr).toBe(0);
  const ndjson = await runCli([...argv, '--date', '2026-06-10', '-o', 'ndjson'], { env });
  expect(ndjson.code, ndjson.stderr).toBe(0);
  const rows = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
  const lines = ndjson.stdout.trimEnd().split('\n');
  expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(rows);
  return { rows, text: json.stdout + ndjson.stdout };
}

describe('figures in -o json and -o ndjson are the exact strings the service sent', () => {
  it.each(COMMANDS)('%s', async (_name, argv) => {
    const { rows, text } = await both(argv);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.requests, r.impressions, r.clicks, r.earnings])).toEqual(
      FIGURES.map((f) => [f.requests, f.impressions, f.clicks, f.money]),
    );
    // Never a bare number anywhere: no `: 12` or `:0.10` in either format.
    expect(text).not.toMatch(/":\s*-?\d/);
    expect(text).toContain('"earnings": "0.10"');
    expect(text).toContain('"earnings":"0.10"');
  });

  it('campaign stats ID: counts, spend and the recomputed ratios', async () => {
    const { rows, text } = await both(['campaign', 'stats', CAMPAIGN]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect([row.impressions, row.clicks, row.conversions, row.spend]).toEqual([BIG_COUNT, '3', '1', BIG_MONEY]);
    for (const ratio of ['ctr', 'ecpm', 'conversionsPercent', 'costPerConversion']) expect(typeof row[ratio]).toBe('string');
    // eCPM from the figures, exactly: 9007199254740993.10 × 1000 / 9007199254740993.
    expect(row.ecpm).toBe('1000');
    expect(text).not.toMatch(/":\s*-?\d/);
  });
});
