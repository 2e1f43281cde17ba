// Statistics through the SDK against the sandbox: the records equal what `masg … stats -o csv`
// prints for the same range (two consumers of one parser must agree), `from`/`to` become the
// stamps the service receives, and bad ranges are refused before anything is sent.
import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { ConfigError, UsageError, type PublicationStatsRecord } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from './setup.js';

const NOW = new Date('2024-06-15T12:34:00Z');
const h = useSandbox({ now: () => NOW });
const NY = 'America/New_York';

/** The CLI's CSV of the same sandbox as records of strings. */
async function cliRecords(argv: string[]): Promise<Record<string, string>[]> {
  const env = {
    MASG_BASE_URL: h.sb.baseUrl,
    MASG_EMAIL: h.sb.accounts.demo.email,
    MASG_DEVELOPER_KEY: h.sb.accounts.demo.key,
    MASG_CONFIG_DIR: '/nonexistent/masg',
  };
  const run = await runCli([...argv, '--tz', NY, '-o', 'csv'], { env });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const [header, ...lines] = run.stdout.trimEnd().split('\n');
  const keys = header!.split(',');
  // Demo IDs, numbers and country codes never need CSV quoting.
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [keys[i]!, v])));
}

/** Only the keys the CLI printed, for comparing. */
const pick = (records: object[], keys: string[]) =>
  records.map((r) => Object.fromEntries(keys.map((k) => [k, (r as Record<string, string>)[k]])));

describe('publicationStats', () => {
  it('ad slot × country records for a week equal the CLI export, as exact strings', async () => {
    const records: PublicationStatsRecord[] = [];
    for await (const r of h.client.publicationStats({ from: '2024-06-01', to: '2024-06-07', level: 'adslot', byCountry: true }))
      records.push(r);
    const cli = await cliRecords(['pub', 'stats', '--level', 'adslot', '--by-country', '--from', '2024-06-01', '--to', '2024-06-07']);
    expect(records.length).toBeGreaterThan(50);
    expect(pick(records, Object.keys(cli[0]!))).toEqual(cli);
    for (const r of records) {
      expect(r.earnings).toMatch(/^-?\d+\.\d\d$/);
      expect(typeof r.requests).toBe('string');
      expect(r.currency).toBe('USD');
    }
    expect(h.sb.requests.at(-1)!.params).toMatchObject({ start: '2024060100', end: '2024060723', level: 'adslot', bycountry: 'true' });
  });

  it('one publication: every record carries its ID (the body leaves the level out)', async () => {
    const [pub] = await h.client.listPublications({ status: 'ACTIVE' }).toArray();
    const records = await h.client
      .publicationStats({ publication: pub!.id, from: '2024-06-01', to: '2024-06-07', byCountry: true })
      .toArray();
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.publication === pub!.id && r.adslot === undefined && /^[A-Z]{2}$/.test(r.country!))).toBe(true);
    const cli = await cliRecords(['pub', 'stats', pub!.id, '--by-country', '--from', '2024-06-01', '--to', '2024-06-07']);
    expect(pick(records, Object.keys(cli[0]!))).toEqual(cli);
  });
});

describe('adSlotStats and campaignStats', () => {
  it('ad slot by country equals `masg slot stats`', async () => {
    const [pub] = await h.client.listPublications({ status: 'ACTIVE' }).toArray();
    const [slot] = await h.client.listAdSlots({ publication: pub!.id }).toArray();
    const records = await h.client.adSlotStats(slot!.id, { from: '2024-05-01', to: '2024-05-31', byCountry: true }).toArray();
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.adslot === slot!.id)).toBe(true);
    const cli = await cliRecords(['slot', 'stats', slot!.id, '--by-country', '--from', '2024-05-01', '--to', '2024-05-31']);
    expect(pick(records, Object.keys(cli[0]!))).toEqual(cli);
  });

  it('campaign figures equal `masg campaign stats`, ∞ included', async () => {
    const [adv] = await h.client.listAdvertisers().toArray();
    const campaigns = await h.client.listCampaigns(adv!.id).toArray();
    let seen = 0;
    for (const c of campaigns) {
      const records = await h.client.campaignStats(c.id, { from: '2024-03-01', to: '2024-06-14' }).toArray();
      if (records.length === 0) continue;
      seen++;
      expect(records[0]!.campaign).toBe(c.id);
      const cli = await cliRecords(['campaign', 'stats', c.id, '--from', '2024-03-01', '--to', '2024-06-14']);
      // The SDK gives the service's ratios (rounded by it); the CLI's data formats compute them from
      // the counts (docs/output.md), so those are compared apart: the same to the service's decimals.
      const ratios = ['conversionsPercent', 'ctr', 'ecpm', 'costPerConversion'];
      const keys = Object.keys(cli[0]!).filter((k) => !ratios.includes(k));
      expect(pick(records, keys)).toEqual(pick(cli as typeof records, keys));
      for (const [i, r] of records.entries()) {
        for (const k of ratios) {
          const [mine, theirs] = [String(cli[i]![k] ?? ''), String((r as Record<string, unknown>)[k] ?? '')];
          const numbers = /^\d+(\.\d+)?$/.test(mine) && /^\d+(\.\d+)?$/.test(theirs);
          if (numbers) expect(Math.abs(Number(mine) - Number(theirs)), k).toBeLessThanOrEqual(0.005 + 1e-9);
          else expect(mine, k).toBe(theirs);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('from / to', () => {
  const stamps = async (q: { from: Date | string; to: Date | string; timeZone?: string }, tz?: string) => {
    const client = h.make(tz === undefined ? {} : { timeZone: tz });
    await client.publicationStats(q).toArray();
    const { start, end } = h.sb.requests.at(-1)!.params;
    return [start, end];
  };

  it('days, hours and 10-digit stamps, both ends inclusive', async () => {
    expect(await stamps({ from: '2024-06-01', to: '2024-06-01' })).toEqual(['2024060100', '2024060123']);
    expect(await stamps({ from: '2024-06-01T05', to: '2024-06-02T07' })).toEqual(['2024060105', '2024060207']);
    expect(await stamps({ from: '2024060105', to: '2024060106' })).toEqual(['2024060105', '2024060106']);
  });

  it("a Date is the account's hour that contains it: the zone decides the stamp", async () => {
    const instant = new Date('2024-06-01T03:30:00Z');
    expect(await stamps({ from: instant, to: instant }, NY)).toEqual(['2024053123', '2024053123']);
    expect(await stamps({ from: instant, to: instant }, 'Europe/Berlin')).toEqual(['2024060105', '2024060105']);
    // The call's timeZone wins over the client's.
    expect(await stamps({ from: instant, to: instant, timeZone: 'UTC' }, NY)).toEqual(['2024060103', '2024060103']);
  });

  it('today / yesterday / -Nd are days in the given zone', async () => {
    const day = (offset: number) => {
      const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: NY }).format(new Date()).split('-').map(Number);
      return new Date(Date.UTC(y!, m! - 1, d! + offset)).toISOString().slice(0, 10).replace(/-/g, '');
    };
    expect(await stamps({ from: '-2d', to: 'yesterday' }, NY)).toEqual([`${day(-2)}00`, `${day(-1)}23`]);
  });

  it('refuses, before sending: a Date or relative day without a zone, impossible dates, reversed ranges, 8 digits', () => {
    // The sandbox's accounts carry their zone; this client is given none.
    const zoneless = h.make({ timeZone: undefined });
    const since = h.mark();
    // Without a zone, a Date or a relative day is refused as the CLI refuses it: exit 3, the ways to give one.
    for (const q of [
      { from: new Date(), to: '2024-06-01' },
      { from: '2024-06-01', to: 'yesterday' },
    ]) {
      expect(() => zoneless.publicationStats(q)).toThrow(ConfigError);
      expect(() => zoneless.publicationStats(q)).toThrow(/needs the account's time zone, which is not known/);
    }
    const cases: Array<[{ from: Date | string; to: Date | string; timeZone?: string }, string]> = [
      [{ from: '2024-02-30', to: '2024-03-01' }, 'from'],
      [{ from: '2024-06-02', to: '2024-06-01' }, 'from'],
      [{ from: '20240601', to: '2024-06-01' }, 'from'],
      [{ from: '2024-06-01T24', to: '2024-06-02' }, 'from'],
      [{ from: new Date(Number.NaN), to: '2024-06-02', timeZone: 'UTC' }, 'from'],
      [{ from: '2024-06-01', to: '2024-06-02', timeZone: '+02:00' }, 'timeZone'],
    ];
    for (const [q, field] of cases) {
      let error: unknown;
      try {
        zoneless.publicationStats(q);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(q)).toBeInstanceOf(UsageError);
      expect((error as UsageError).field).toBe(field);
    }
    expect(() => h.client.publicationStats({ from: '2024-06-01', to: '2024-06-01', level: 'country' as 'adslot' })).toThrow(UsageError);
    expect(since()).toEqual([]);
  });
});

describe('streaming', () => {
  it('breaking out of the loop releases the connection (one-connection dispatcher still serves the next call)', async () => {
    const agent = new Agent({ connections: 1 });
    const client = h.make({ dispatcher: agent });
    try {
      for (let round = 0; round < 3; round++) {
        let n = 0;
        for await (const r of client.publicationStats({ from: '2024-03-01', to: '2024-06-14', level: 'adslot', byCountry: true })) {
          expect(r.publication).not.toBe('');
          if (++n === 3) break;
        }
        expect(n).toBe(3);
      }
      expect((await client.listAdvertisers().toArray()).length).toBe(2);
    } finally {
      await client.close();
      await agent.close();
    }
  });
});
