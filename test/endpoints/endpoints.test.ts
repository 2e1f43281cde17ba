// Each API function against recorded production-style bodies: the request it sends and the
// entities it returns.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/core/errors.js';
import { createTransport } from '../../src/transport/transport.js';
import { createPublication, listPublications, updatePublication } from '../../src/endpoints/publications.js';
import { createAdSlot, listAdSlots, updateAdSlot } from '../../src/endpoints/adslots.js';
import { listAdvertisers } from '../../src/endpoints/advertisers.js';
import { getCampaign, listCampaigns } from '../../src/endpoints/campaigns.js';
import type { Transport } from '../../src/transport/types.js';
import { LATIN1_JSON, cutMidBody, fixture, startFixtureServer, type FixtureServer, type Recorded } from '../transport/fixture-server.js';

let server: FixtureServer;
let client: Transport;
beforeAll(async () => {
  server = await startFixtureServer();
  client = createTransport({ baseUrl: `${server.url}/api/v2/`, email: 'ops@example.com', key: 'k', userAgent: 'masg/0.0.0' });
});
afterAll(async () => {
  await client.close();
  await server.close();
});
let seen = 0;
afterEach(() => {
  seen = server.requests.length;
});
/** The requests sent by the current test. */
const sent = (): Recorded[] => server.requests.slice(seen);

describe('publications', () => {
  it('listPublications: production values pass through, empty fields are ""', async () => {
    server.on('GET /api/v2/publication/list.xml', { file: 'publication-list.xml' });
    const pubs = await listPublications(client, { status: 'ACTIVE' }).toArray();
    expect(sent().map((r) => [r.method, r.path, r.query.toString()])).toEqual([['GET', '/api/v2/publication/list.xml', 'status=ACTIVE']]);
    expect(pubs).toEqual([
      {
        id: '0a5b4f6e-3c1d-4e8f-9a2b-7c6d5e4f3a21',
        name: 'Café 😀 & Co <beta>',
        description: '',
        type: 'IPAD_APP',
        reference: '0012',
        url: 'http://example.com/café?a=1&b=2',
        transparent: 'false',
        requests: '',
        uniques: '',
        languages: 'en,fr',
        autoapprove: 'true',
        status: 'PENDING',
      },
      {
        id: '1b6c5a7f-4d2e-4f90-8b3c-8d7e6f5a4b32',
        name: 'News – münchen',
        description: 'Line one\nLine two with a bell \u0007',
        type: 'MOBILE_SITE',
        reference: '',
        url: 'http://m.example.com/',
        transparent: 'true',
        requests: '',
        uniques: '',
        languages: '',
        autoapprove: 'false',
        status: 'NEW_REVIEW',
      },
    ]);
  });

  it('listPublications without a filter sends no parameter; one and zero rows are lists', async () => {
    server.on('GET /api/v2/publication/list.xml', { file: 'publication-list-one.xml' });
    expect(await listPublications(client).toArray()).toHaveLength(1);
    server.on('GET /api/v2/publication/list.xml', { file: 'publication-list-empty.xml' });
    expect(await listPublications(client).toArray()).toEqual([]);
    expect(sent().map((r) => r.query.toString())).toEqual(['', '']);
  });

  it('the same decoding from a Latin-1 JSON body', async () => {
    server.on('GET /api/v2/publication/list.xml', { type: LATIN1_JSON, file: 'publication-list.json' });
    const [first, second] = await listPublications(client).toArray();
    expect(first).toMatchObject({ name: 'Café ? & Co <beta>', description: '', requests: '', transparent: 'false' });
    expect(second!.requests).toBe('9007199254740993');
  });

  it('createPublication: form body with the create parameters only', async () => {
    server.on('POST /api/v2/publication/create.xml', { file: 'publication-create.xml' });
    const pub = await createPublication(client, {
      name: 'Café 😀',
      type: 'IPHONE_APP',
      description: 'A new one',
      reference: 'ref-1',
      transparent: 'false',
      languages: 'en,es',
      status: 'ACTIVE',
      url: undefined,
    });
    expect(pub).toMatchObject({ id: '3d8e7c91-6f40-4b12-8d5e-af9087c6d154', name: 'Café 😀', status: 'PENDING', url: '' });
    const [req] = sent();
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(Object.fromEntries(new URLSearchParams(req!.body))).toEqual({
      name: 'Café 😀',
      type: 'IPHONE_APP',
      description: 'A new one',
      reference: 'ref-1',
      transparent: 'false',
      languages: 'en,es',
    });
  });

  it('updatePublication: ID escaped into the path, type never sent, the returned status as the server says', async () => {
    server.on('POST /api/v2/publication/a%2Fb%20c.xml', { file: 'publication-update-ignored.xml' });
    const pub = await updatePublication(client, 'a/b c', { name: 'Renamed', status: 'ACTIVE', type: 'OTHER_APP' });
    expect(pub.status).toBe('STOPPED'); // the server ignored STOPPED→ACTIVE; the caller decides what to say
    const [req] = sent();
    expect(req!.path).toBe('/api/v2/publication/a%2Fb%20c.xml');
    expect(req!.body).toBe('name=Renamed&status=ACTIVE');
  });

  it('request builders are what --raw sends', () => {
    expect(listPublications.request({ status: 'PAUSED' })).toEqual({
      method: 'GET',
      path: '/publication/list',
      params: { status: 'PAUSED' },
    });
    expect(updatePublication.request('x', {})).toEqual({ method: 'POST', path: '/publication/x', params: {} });
  });
});

describe('ad slots', () => {
  it('listAdSlots with a publication filter; <formats/> is ""', async () => {
    server.on('GET /api/v2/adslot/list.xml', { file: 'adslot-list.xml' });
    const slots = await listAdSlots(client, { publication: '0a5b' }).toArray();
    expect(sent()[0]!.query.get('publication')).toBe('0a5b');
    expect(slots).toEqual([
      {
        id: '4e9f8da2-7051-4c23-9e6f-b0a198d7e265',
        publication: '0a5b4f6e-3c1d-4e8f-9a2b-7c6d5e4f3a21',
        name: 'Home top',
        formats: 'text,banner',
        tags: 'sport,café',
      },
      {
        id: '5fa09eb3-8162-4d34-8f70-c1b2a9e8f376',
        publication: '0a5b4f6e-3c1d-4e8f-9a2b-7c6d5e4f3a21',
        name: 'Empty formats',
        formats: '',
        tags: '',
      },
    ]);
  });

  it('createAdSlot and updateAdSlot (publication is not an update parameter)', async () => {
    server.on('POST /api/v2/adslot/create.xml', { file: 'adslot-create.xml' });
    server.on('POST /api/v2/adslot/60b1afc4-9273-4e45-a081-d2c3baf90487.xml', { file: 'adslot-create.xml' });
    const input = { publication: '0a5b', name: 'Footer', formats: 'banner,text', tags: 'a,b' };
    expect((await createAdSlot(client, input)).id).toBe('60b1afc4-9273-4e45-a081-d2c3baf90487');
    expect((await updateAdSlot(client, '60b1afc4-9273-4e45-a081-d2c3baf90487', input)).name).toBe('Footer');
    const [create, update] = sent();
    expect(create!.body).toBe('publication=0a5b&name=Footer&formats=banner%2Ctext&tags=a%2Cb');
    expect(update!.body).toBe('name=Footer&formats=banner%2Ctext&tags=a%2Cb');
    expect(listAdSlots.request()).toEqual({ method: 'GET', path: '/adslot/list', params: { publication: undefined } });
  });
});

describe('advertisers and campaigns', () => {
  it('listAdvertisers: <dailyBudget></dailyBudget> is ""', async () => {
    server.on('GET /api/v2/advertisers/list.xml', { file: 'advertisers-list.xml' });
    expect(await listAdvertisers(client).toArray()).toEqual([
      {
        id: '71c2b0d5-a384-4f56-b192-e3d4cb0a1598',
        name: 'Acme ™',
        status: 'ACTIVE',
        dailyBudget: '',
        balance: '1234.50',
        notifyLimit: '100.00',
      },
    ]);
    server.on('GET /api/v2/advertisers/list.xml', { type: LATIN1_JSON, file: 'advertisers-list.json' });
    expect((await listAdvertisers(client).toArray())[0]).toMatchObject({ name: 'Acme ?', dailyBudget: '', balance: '1234.50' });
  });

  it('listCampaigns: path built from the advertiser ID, unknown statuses pass through', async () => {
    server.on('GET /api/v2/advertiser/71c2b0d5-a384-4f56-b192-e3d4cb0a1598/campaigns/list.xml', { file: 'campaigns-list.xml' });
    const campaigns = await listCampaigns(client, '71c2b0d5-a384-4f56-b192-e3d4cb0a1598').toArray();
    expect(campaigns.map((c) => [c.name, c.status, c.budgetType, c.dailyBudget, c.endDate])).toEqual([
      ['Spring 🌸', 'PENDING_PAUSED', 'IMPRESSIONS', '10000', ''],
      ['Summer', 'ACTIVE', 'MONETARY', '50.00', '2012-08-31T23:59'],
    ]);
    expect(listCampaigns.request('a b').path).toBe('/advertiser/a%20b/campaigns/list');
  });

  it('getCampaign: bare <campaign> root and the wrapped one', async () => {
    server.on('GET /api/v2/campaign/93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba.xml', { file: 'campaign-view-bare.xml' });
    const bare = await getCampaign(client, '93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba');
    expect(bare).toMatchObject({
      id: '93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba',
      status: 'NEW_REVIEW',
      budgetType: 'CLICKS',
      dailyBudget: '',
      overallBudget: '2000',
    });
    server.on('GET /api/v2/campaign/93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba.xml', { file: 'campaigns-list.xml' });
    expect((await getCampaign(client, '93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba')).name).toBe('Spring 🌸');
  });

  it('getCampaign not found: ApiError 2000 with HTTP 404', async () => {
    server.on('GET /api/v2/campaign/00000000-0000-0000-0000-000000000000.xml', { status: 404, file: 'campaign-not-found.xml' });
    const err = (await getCampaign(client, '00000000-0000-0000-0000-000000000000').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.code, err.status, err.description]).toEqual([2000, 404, 'Campaign 00000000-0000-0000-0000-000000000000 not found']);
  });

  it('a success body without the expected entity is a NetworkError', async () => {
    server.on('GET /api/v2/campaign/x.xml', { file: 'publication-list-empty.xml' });
    await expect(getCampaign(client, 'x')).rejects.toThrow(NetworkError);
    await expect(getCampaign(client, 'x')).rejects.toThrow(/without the expected <campaign>/);
  });
});

describe('a list that arrives whole (under the read-ahead) is parsed once, before it is handed over', () => {
  const LIST_ROUTE = 'GET /api/v2/publication/list.xml';

  it('the records come from that one parse: the handed-over body is never read again', async () => {
    server.on(LIST_ROUTE, { file: 'publication-list.xml' });
    const expected = await listPublications(client).toArray();
    const untouched: Transport = {
      ...client,
      stream: async (req, opts) => {
        const res = await client.stream(req, opts);
        expect(res.read).toBeDefined();
        const body: AsyncIterable<Uint8Array> = {
          [Symbol.asyncIterator]: () => {
            throw new Error('the body was parsed a second time');
          },
        };
        return { ...res, body };
      },
    };
    expect(await listPublications(untouched).toArray()).toEqual(expected);
    expect(expected.map((p) => p.name)).toEqual(['Café 😀 & Co <beta>', 'News – münchen']);
  });

  it('a connection cut mid-body is retried as a request() is: two requests, the whole list', async () => {
    const bytes = fixture('publication-list.xml');
    let calls = 0;
    server.on(LIST_ROUTE, (req, res) => {
      if (++calls === 1) return cutMidBody(bytes)(req, res);
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': bytes.byteLength });
      res.end(bytes);
    });
    const retrying = createTransport({
      baseUrl: `${server.url}/api/v2/`,
      email: 'ops@example.com',
      key: 'k',
      retries: 1,
      retryPolicy: { random: () => 0 },
    });
    const pubs = await listPublications(retrying).toArray();
    await retrying.close();
    expect(calls).toBe(2);
    expect(pubs).toEqual(await listPublications(client).toArray());
  });

  it.each([
    ['truncated.xml', fixture('truncated.xml')],
    ['cut cleanly between two entities', cutBetweenEntities()],
    ['malformed.xml', fixture('malformed.xml')],
  ])('%s: refused before any record, exit 6, as a request() refuses it', async (_what, body) => {
    server.on(LIST_ROUTE, { body });
    const err = await listPublications(client)
      .toArray()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).exitCode).toBe(6);
    expect((err as Error).message).toMatch(/answered HTTP 200 with a malformed or truncated XML body: /);
    expect(sent()).toHaveLength(1);
  });

  it('an unexpected root element is refused the same way', async () => {
    server.on(LIST_ROUTE, { file: 'campaign-view-bare.xml' });
    await expect(listPublications(client).toArray()).rejects.toThrow(/malformed or truncated XML body: unexpected root element <campaign>/);
  });

  it('a JSON list is read by the same reader; a broken one is a malformed JSON body', async () => {
    server.on(LIST_ROUTE, { type: LATIN1_JSON, file: 'publication-list.json' });
    expect((await listPublications(client).toArray()).map((p) => p.name)).toEqual(['Café ? & Co <beta>', 'News ? münchen']);
    server.on(LIST_ROUTE, { type: LATIN1_JSON, body: fixture('publication-list.json').subarray(0, 100) });
    await expect(listPublications(client).toArray()).rejects.toThrow(/answered HTTP 200 with a malformed or truncated JSON body: /);
  });
});

function cutBetweenEntities(): Buffer {
  const text = fixture('publication-list.xml').toString('utf8');
  return Buffer.from(text.slice(0, text.indexOf('<publication>', 100)));
}
