import { describe, expect, it } from 'vitest';
import { ApiError, AuthError, NetworkError } from '../../src/core/errors.js';
import { parseStatsStream, statsBatches } from '../../src/endpoints/stats-stream.js';
import { C1, P1, P2, S1, S2, S3, fixture, parse, pieces, records, shapes } from './stats-stream-helpers.js';

const usd = (amount: string) => ({ earnings: amount, currency: 'USD' });

describe('statistics XML: the publisher shapes', () => {
  it('level publication', async () => {
    expect(await parse('publications-publication.xml', shapes.pubs)).toEqual([
      { publication: P1, requests: '1200', impressions: '1100', clicks: '33', ...usd('12.10') },
      { publication: P2, requests: '0', impressions: '0', clicks: '0', ...usd('-0.00') },
    ]);
  });

  it('level publication by country', async () => {
    expect(await parse('publications-publication-bycountry.xml', shapes.pubsCountry)).toEqual([
      { publication: P1, country: 'US', requests: '1000', impressions: '900', clicks: '30', ...usd('10.10') },
      { publication: P1, country: 'DE', requests: '200', impressions: '200', clicks: '3', ...usd('2.00') },
    ]);
  });

  it('level adslot, counts beyond 2^53 kept as sent', async () => {
    expect(await parse('publications-adslot.xml', shapes.pubsSlots)).toEqual([
      { publication: P1, adslot: S1, requests: '700', impressions: '650', clicks: '20', ...usd('0.10') },
      { publication: P1, adslot: S2, requests: '500', impressions: '450', clicks: '13', ...usd('0.20') },
      {
        publication: P2,
        adslot: S3,
        requests: '9007199254740993',
        impressions: '18446744073709551617',
        clicks: '1',
        ...usd('90071992547409.93'),
      },
    ]);
  });

  it('level adslot by country', async () => {
    const rs = await parse('publications-adslot-bycountry.xml', shapes.pubsSlotsCountry);
    expect(rs.map((r) => [r.publication, r.adslot, r.country, r.earnings])).toEqual([
      [P1, S1, 'US', '0.10'],
      [P1, S1, 'GB', '-0.00'],
      [P1, S2, 'FR', '0.20'],
    ]);
  });

  it('one publication: the same shape, limited to it', async () => {
    expect(await parse('publication-one-adslot-bycountry.xml', shapes.onePubSlotsCountry)).toEqual([
      { publication: P1, adslot: S1, country: 'US', requests: '400', impressions: '380', clicks: '12', ...usd('0.10') },
    ]);
  });
});

describe('statistics XML: ad slot statistics', () => {
  const expected = { adslot: S1, requests: '700', impressions: '650', clicks: '20', earnings: '1.25' };

  it('earnings as a bare decimal (spec): no currency sent, none invented', async () => {
    expect(await parse('adslot-spec.xml', shapes.slot)).toEqual([{ ...expected, currency: '' }]);
  });

  it('earnings as {currency, amount} (production)', async () => {
    expect(await parse('adslot-production.xml', shapes.slot)).toEqual([{ ...expected, currency: 'USD' }]);
  });

  it('by country, both earnings forms in one body', async () => {
    const rs = await parse('adslot-bycountry.xml', shapes.slotCountry);
    expect(rs.map((r) => [r.adslot, r.country, r.earnings, r.currency])).toEqual([
      [S1, 'US', '0.75', 'USD'],
      [S1, 'JP', '0.50', ''],
    ]);
  });

  it("production's no-data placeholder (slot 0, country OO, all zero) is no data", async () => {
    expect(await parse('adslot-bycountry-nodata.xml', shapes.slotCountry)).toEqual([]);
  });
});

describe('statistics XML: campaign statistics', () => {
  it('money objects become their amounts; ∞ arrives as &#8734;', async () => {
    expect(await parse('campaign.xml', shapes.campaign)).toEqual([
      {
        campaign: C1,
        impressions: '20000',
        clicks: '400',
        conversions: '0',
        conversionsPercent: '0.00',
        ctr: '0.02',
        ecpm: '1.50',
        costPerConversion: '∞',
        spend: '30.00',
        currency: 'USD',
      },
    ]);
  });

  it('?, -0.00 and empty amounts stay as sent', async () => {
    const [r] = await parse('campaign-odd-amounts.xml', shapes.campaign);
    expect([r?.conversionsPercent, r?.ctr, r?.ecpm, r?.costPerConversion, r?.spend]).toEqual(['?', '?', '-0.00', '', '']);
  });
});

describe('statistics XML: tolerance', () => {
  it('free element order, IDs after statistics, unknown elements, indentation', async () => {
    expect(await parse('order-tolerant.xml', shapes.pubsSlotsCountry)).toEqual([
      {
        publication: 'late-publication',
        adslot: 'late-slot',
        country: 'NZ',
        requests: '10',
        impressions: '9',
        clicks: '',
        ...usd('0.30'),
      },
      {
        publication: 'late-publication',
        adslot: 'early-slot',
        country: 'AU',
        requests: '5',
        impressions: '4',
        clicks: '',
        ...usd('0.01'),
      },
    ]);
  });

  it('surrogate pairs joined, lone halves → U+FFFD, control characters kept exactly', async () => {
    const [r] = await parse('chars.xml', shapes.pubsSlotsCountry);
    expect(r?.publication).toBe('pub-😀-😀-\uFFFDx');
    expect(r?.adslot).toBe('slot-\x07-\x1b-\x01-\x07-ü😀-\uFFFD');
    expect(r?.country).toBe('U\x00S');
    expect(r?.earnings).toBe('∞');
  });

  it.each(['empty-self-closing.xml', 'empty-pair.xml', 'empty-lines.xml'])('%s is zero records', async (name) => {
    expect(await parse(name, shapes.pubsSlotsCountry)).toEqual([]);
  });

  it('a bare entity root (no masg-response wrapper) is read too', async () => {
    const body = '<campaign>\n<id>c</id>\n<statistics>\n<impressions>1</impressions>\n</statistics>\n</campaign>\n';
    const rs = await records(pieces(new TextEncoder().encode(body), []), shapes.campaign);
    expect(rs).toMatchObject([{ campaign: 'c', impressions: '1', clicks: '' }]);
  });
});

describe('statistics XML: errors', () => {
  it.each(['truncated-mid-record.xml', 'truncated-after-statistics.xml', 'truncated-before-root-end.xml'])(
    '%s throws NetworkError, never a partial set',
    async (name) => {
      const seen: unknown[] = [];
      const run = parseStatsStream(pieces(fixture(name), []), shapes.pubsSlots, (r) => void seen.push(r));
      await expect(run).rejects.toThrow(NetworkError);
      await expect(run).rejects.toThrow(/^The statistics response was cut off or malformed \(.*after \d+ bytes\)\.$/);
    },
  );

  it.each([
    ['an empty body', ''],
    ['HTML from a proxy', '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['text after the root', '<masg-response></masg-response>\ngarbage'],
    ['two roots', '<masg-response/><masg-response/>'],
    ['an undefined entity', '<masg-response><publication><id>&nbsp;</id></publication></masg-response>'],
    ['a mismatched tag', '<masg-response><publication></adslot></masg-response>'],
  ])('%s is malformed', async (_, body) => {
    const run = records(pieces(new TextEncoder().encode(body), []), shapes.pubs);
    await expect(run).rejects.toThrow(NetworkError);
  });

  it('a masg-error body throws the ApiError of its code', async () => {
    const err = await records(pieces(fixture('error-2000.xml'), []), shapes.slot).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 2000, status: 200, description: `No such AdSpace id: ${S1}` });
  });

  it('an authentication code throws AuthError with the given status', async () => {
    const run = statsBatches(pieces(fixture('error-1003.xml'), []), shapes.pubs, { status: 400 }).next();
    await expect(run).rejects.toBeInstanceOf(AuthError);
    await expect(run).rejects.toMatchObject({ status: 400, code: 1003 });
  });
});

describe('statistics XML: delivery', () => {
  it('parseStatsStream awaits an async consumer before reading more (backpressure)', async () => {
    let pulled = 0;
    async function* body() {
      for (const name of ['publications-adslot.xml']) {
        const bytes = fixture(name);
        for (let i = 0; i < bytes.length; i += 200) {
          pulled++;
          yield bytes.subarray(i, i + 200);
        }
      }
    }
    const pulledAt: number[] = [];
    const count = await parseStatsStream(body(), shapes.pubsSlots, async () => {
      pulledAt.push(pulled);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(count).toBe(3);
    expect(pulledAt[0]).toBeLessThan(pulled); // the first record was handled before the body was read to its end
  });

  it('stopping early stops reading the body', async () => {
    let pulled = 0;
    const bytes = fixture('publications-adslot.xml');
    async function* body() {
      for (let i = 0; i < bytes.length; i += 100) {
        pulled++;
        yield bytes.subarray(i, i + 100);
      }
    }
    for await (const batch of statsBatches(body(), shapes.pubsSlots)) if (batch.length > 0) break;
    expect(pulled).toBeLessThan(Math.ceil(bytes.length / 100));
  });
});

// Raw control characters in a body that has no reference at all: the fixer turns them into
// `&ctlN;` (saxes is read only through its public API), so values keep them at every cut, and
// XML refuses them where it has no value to hold them.
describe('statistics XML: raw control characters without any reference in the body', () => {
  const body = (slot: string, country = 'US') =>
    '<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n<publication>\n<id>p</id>\n<adslot>\n' +
    `<id>${slot}</id>\n<statistics>\n<country>${country}</country>\n<requests>1</requests>\n</statistics>\n` +
    '</adslot>\n</publication>\n</masg-response>\n';
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('kept exactly in values, at every cut; CR reads as LF; U+FFFE → U+FFFD', async () => {
    const text = body('a\x07b\x1b\x01c\rd\uFFFEe', 'U\x00S');
    const data = bytes(text);
    for (let cut = 1; cut < data.length; cut++) {
      const [r, ...rest] = await records(pieces(data, [cut]), shapes.pubsSlotsCountry);
      expect(rest).toEqual([]);
      expect(r?.adslot).toBe('a\x07b\x1b\x01c\nd\uFFFDe');
      expect(r?.country).toBe('U\x00S');
    }
  });

  it('accepted in a CDATA section, as through the reference pass (whose text the reader ignores)', async () => {
    const withControl = await records(pieces(bytes(body('<![CDATA[x\x07y]]>')), []), shapes.pubsSlotsCountry);
    const without = await records(pieces(bytes(body('<![CDATA[xy]]>')), []), shapes.pubsSlotsCountry);
    expect(withControl).toHaveLength(1);
    expect(withControl).toEqual(without);
  });

  it('accepted in a comment and in an attribute value, as through the reference pass', async () => {
    const text = body('s').replace('<statistics>', '<!-- a\x07b --><statistics note="a\x07b">');
    const rs = await records(pieces(bytes(text), []), shapes.pubsSlotsCountry);
    expect(rs).toEqual(await records(pieces(bytes(body('s')), []), shapes.pubsSlotsCountry));
    expect(rs).toHaveLength(1);
  });

  it.each([
    ['in a tag name', body('s').replace('<country>', '<coun\x07try>').replace('</country>', '</coun\x07try>')],
    ['before the root', `\x07${body('s')}`],
    ['after the root', `${body('s')}\x07`],
  ])('refused %s: NetworkError', async (_, text) => {
    const run = records(pieces(bytes(text), []), shapes.pubsSlotsCountry);
    await expect(run).rejects.toThrow(NetworkError);
    await expect(run).rejects.toThrow(/^The statistics response was cut off or malformed \(.*after \d+ bytes\)\.$/);
  });
});
