import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/core/errors.js';
import { parseStatsJson } from '../helpers/stats-json.js';
import { C1, P1, P2, S1, S2, fixtureText, parse, shapes } from './stats-stream-helpers.js';

const json = (name: string, shape: Parameters<typeof parseStatsJson>[1]) => parseStatsJson(fixtureText(name), shape);
const usd = (amount: string) => ({ earnings: amount, currency: 'USD' });

describe('statistics JSON (production: keyed by ID and country, no id fields)', () => {
  it('all publications, level adslot by country; counts beyond 2^53 exact', () => {
    expect(json('publications-adslot-bycountry.json', shapes.pubsSlotsCountry)).toEqual([
      { publication: P1, adslot: S1, country: 'US', requests: '400', impressions: '380', clicks: '12', ...usd('0.10') },
      { publication: P1, adslot: S1, country: 'GB', requests: '300', impressions: '270', clicks: '8', ...usd('-0.00') },
      { publication: P1, adslot: S2, country: 'FR', requests: '9007199254740993', impressions: '450', clicks: '13', ...usd('0.20') },
    ]);
  });

  it('all publications, level publication: the same records as the XML', async () => {
    expect(json('publications-publication.json', shapes.pubs)).toEqual(await parse('publications-publication.xml', shapes.pubs));
  });

  it('one publication drops the outer level: a flat object, or keyed by slot then country', () => {
    expect(json('publication-one-publication.json', shapes.onePub)).toEqual([
      { requests: '1200', impressions: '1100', clicks: '33', ...usd('12.10') },
    ]);
    expect(json('publication-one-adslot-bycountry.json', shapes.onePubSlotsCountry)).toEqual([
      { adslot: S1, country: 'US', requests: '400', impressions: '380', clicks: '12', ...usd('0.10') },
    ]);
  });

  it('ad slot: flat without bycountry, keyed by country with it, both earnings forms', () => {
    expect(json('adslot-flat.json', shapes.slot)).toEqual([{ requests: '700', impressions: '650', clicks: '20', ...usd('1.25') }]);
    expect(json('adslot-bycountry.json', shapes.slotCountry).map((r) => [r.country, r.earnings, r.currency])).toEqual([
      ['US', '0.75', 'USD'],
      ['JP', '0.50', ''],
    ]);
  });

  it('the OO placeholder is no data, with or without the slot level', () => {
    expect(json('adslot-bycountry-nodata.json', shapes.slotCountry)).toEqual([]);
    const keyed = '{"masg-response":{"0":{"OO":{"requests":0,"impressions":0,"clicks":0,"earnings":{"currency":"USD","amount":"0.00"}}}}}';
    expect(parseStatsJson(keyed, shapes.slotCountry)).toEqual([]);
  });

  it('campaign: keyed by ID or flat, ? for infinity kept', () => {
    const expected = {
      impressions: '20000',
      clicks: '400',
      conversions: '0',
      conversionsPercent: '0.00',
      ctr: '0.02',
      ecpm: '1.50',
      costPerConversion: '?',
      spend: '30.00',
      currency: 'USD',
    };
    expect(json('campaign.json', shapes.campaign)).toEqual([{ campaign: C1, ...expected }]);
    expect(json('campaign-flat.json', shapes.campaign)).toEqual([expected]);
  });

  it("the spec's direct mapping of the XML is read too", async () => {
    expect(json('direct-mapping.json', shapes.pubsSlotsCountry)).toEqual(
      (await parse('publications-adslot-bycountry.xml', shapes.pubsSlotsCountry)).slice(0, 2),
    );
  });

  it.each(['empty-object.json', 'empty-list.json'])('%s is zero records', (name) => {
    expect(json(name, shapes.pubsSlotsCountry)).toEqual([]);
  });

  it('a masg-error body throws its ApiError', () => {
    expect(() => parseStatsJson(fixtureText('error-2000.json'), shapes.onePub, { status: 400 })).toThrow(ApiError);
    try {
      parseStatsJson(fixtureText('error-2000.json'), shapes.onePub, { status: 400 });
    } catch (err) {
      expect(err).toMatchObject({ code: 2000, status: 400, description: `No such Publication id: ${P1}` });
    }
  });

  it.each(['', '{"masg-response":', '<html></html>', '[]', '{"other":{}}'])('%j is malformed', (text) => {
    expect(() => parseStatsJson(text, shapes.pubs)).toThrow(NetworkError);
  });

  it('a publication with zero data is kept (only the OO placeholder is dropped)', () => {
    expect(json('publications-publication.json', shapes.pubs).map((r) => r.publication)).toEqual([P1, P2]);
  });
});

describe('statistics JSON: the nesting depth is found past empty levels', () => {
  it('a publication without slots does not shift the levels of the next one', () => {
    const text = `{"masg-response":{"${P1}":{},"${P2}":{"${S1}":{"requests":1,"impressions":1,"clicks":0,"earnings":{"currency":"USD","amount":"0.01"}}}}}`;
    expect(parseStatsJson(text, shapes.pubsSlots)).toEqual([
      { publication: P2, adslot: S1, requests: '1', impressions: '1', clicks: '0', ...usd('0.01') },
    ]);
  });
});
