// `{ dryRun: true }` on every kind of call: inputs are checked as usual, then the call resolves
// to the request it would send (credentials redacted) and the sandbox receives nothing.
import { describe, expect, it } from 'vitest';
import { ConfigError, UsageError, type DryRun } from '../../src/index.js';
import { rejection, useSandbox } from './setup.js';

const h = useSandbox();
const dry = { dryRun: true } as const;
const ID = '0123abcd-0000-4000-8000-000000000000';

/** The one request of a dry run: its method, path under the base URL and body. */
function only(plan: DryRun): { method: string; path: string; body?: string } {
  expect(plan.requests).toHaveLength(1);
  const [r] = plan.requests;
  return { method: r!.method, path: r!.url.slice(h.sb.baseUrl.replace(/\/$/, '').length), ...(r!.body !== undefined && { body: r!.body }) };
}

describe('{ dryRun: true }', () => {
  it.each<[string, () => Promise<DryRun>, { method: string; path: string; body?: string }]>([
    [
      'listPublications',
      () => h.client.listPublications({ status: 'PAUSED' }, dry),
      { method: 'GET', path: '/publication/list.xml?status=PAUSED' },
    ],
    ['getPublication', () => h.client.getPublication(ID, dry), { method: 'GET', path: `/publication/${ID}.xml` }],
    [
      'createPublication',
      () => h.client.createPublication({ name: 'Dry & run', type: 'OTHER_APP', description: 'd', transparent: true }, dry),
      { method: 'POST', path: '/publication/create.xml', body: 'name=Dry+%26+run&type=OTHER_APP&description=d&transparent=true' },
    ],
    [
      'updatePublication',
      () => h.client.updatePublication(ID, { status: 'PAUSED' }, dry),
      { method: 'POST', path: `/publication/${ID}.xml`, body: 'status=PAUSED' },
    ],
    ['listAdSlots', () => h.client.listAdSlots({ publication: ID }, dry), { method: 'GET', path: `/adslot/list.xml?publication=${ID}` }],
    ['getAdSlot', () => h.client.getAdSlot(ID, dry), { method: 'GET', path: `/adslot/${ID}.xml` }],
    [
      'createAdSlot',
      () => h.client.createAdSlot({ publication: ID, name: 'Top', formats: ['banner'] }, dry),
      { method: 'POST', path: '/adslot/create.xml', body: `publication=${ID}&name=Top&formats=banner` },
    ],
    [
      'updateAdSlot',
      () => h.client.updateAdSlot(ID, { name: 'Top' }, dry),
      { method: 'POST', path: `/adslot/${ID}.xml`, body: 'name=Top' },
    ],
    ['listAdvertisers', () => h.client.listAdvertisers(dry), { method: 'GET', path: '/advertisers/list.xml' }],
    ['listCampaigns', () => h.client.listCampaigns(ID, dry), { method: 'GET', path: `/advertiser/${ID}/campaigns/list.xml` }],
    ['getCampaign', () => h.client.getCampaign(ID, dry), { method: 'GET', path: `/campaign/${ID}.xml` }],
    [
      'publicationStats',
      () => h.client.publicationStats({ from: '2026-06-01', to: '2026-06-01', level: 'adslot', byCountry: true }, dry),
      { method: 'GET', path: '/publication/statistics.xml?start=2026060100&end=2026060123&level=adslot&bycountry=true' },
    ],
    [
      'adSlotStats',
      () => h.client.adSlotStats(ID, { from: '2026-06-01T05', to: '2026-06-01T07' }, dry),
      { method: 'GET', path: `/adslot/${ID}/statistics.xml?start=2026060105&end=2026060107&bycountry=false` },
    ],
    [
      'campaignStats',
      () => h.client.campaignStats(ID, { from: '2026060100', to: '2026060223' }, dry),
      { method: 'GET', path: `/campaign/${ID}/statistics.xml?start=2026060100&end=2026060223` },
    ],
    [
      'request',
      () => h.client.request({ method: 'POST', path: 'publication/create', form: { name: 'x' }, format: 'json' }, dry),
      { method: 'POST', path: '/publication/create.json', body: 'name=x' },
    ],
  ])('%s: resolves to its request, sends nothing', async (_name, call, expected) => {
    const since = h.mark();
    const plan = await call();
    expect(since()).toEqual([]);
    expect(only(plan)).toEqual(expected);
  });

  it('redacts the credentials: the Authorization header and the key never appear', async () => {
    const since = h.mark();
    const { key, email } = h.sb.accounts.demo;
    const plan = await h.client.request({ path: '/publication/list', query: { q: key } }, dry);
    expect(since()).toEqual([]);
    const [r] = plan.requests;
    expect(r!.headers.Authorization).toBe('[REDACTED]');
    expect(r!.url).toMatch(/\?q=\[REDACTED\]$/);
    const all = JSON.stringify(plan);
    expect(all).not.toContain(key);
    expect(all).not.toContain(Buffer.from(`${email}:${key}`).toString('base64'));
    // The text is what `masg --dry-run` prints: request line, headers, blank line, body.
    expect(r!.text.split('\n')[0]).toBe(`GET ${r!.url}`);
    expect(r!.text).toContain('Authorization: [REDACTED]');
  });

  it('a POST: the text ends with the form body after a blank line', async () => {
    const plan = await h.client.updateAdSlot(ID, { name: 'A & B' }, dry);
    expect(plan.requests[0]!.text.split('\n').slice(-2)).toEqual(['', 'name=A+%26+B']);
    expect(plan.requests[0]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
  });

  it.each<[string, () => Promise<unknown>, typeof UsageError | typeof ConfigError]>([
    ['an unknown publication status', () => h.client.listPublications({ status: 'GONE' as 'ACTIVE' }, dry), UsageError],
    ['an empty ID', () => h.client.getPublication('', dry), UsageError],
    ['a create without its required fields', () => h.client.createPublication({ name: 'x' } as never, dry), UsageError],
    [
      'an ad slot with an unknown format',
      () => h.client.createAdSlot({ publication: ID, name: 'x', formats: ['huge'] } as never, dry),
      UsageError,
    ],
    [
      'a statistics range that ends before it starts',
      () => h.client.campaignStats(ID, { from: '2026-06-02', to: '2026-06-01' }, dry),
      UsageError,
    ],
    // The account's zone is unknown: configuration, as without dryRun.
    [
      'a relative day without a time zone',
      () => h.make({ timeZone: undefined }).publicationStats({ from: 'yesterday', to: 'yesterday' }, dry),
      ConfigError,
    ],
    ['a raw request with a query string in its path', () => h.client.request({ path: '/publication/list?x=1' }, dry), UsageError],
  ])('%s: still refused under dryRun, nothing sent', async (_name, call, kind) => {
    const since = h.mark();
    // Lists and statistics check their query when called, as without dryRun: a throw or a rejection.
    const error = await rejection(Promise.resolve().then(call));
    expect(error).toBeInstanceOf(kind);
    expect(since()).toEqual([]);
  });

  it('without dryRun the same calls send (the sandbox counts them)', async () => {
    const since = h.mark();
    await h.client.listAdvertisers().toArray();
    expect(since().map((r) => r.path)).toEqual(['/advertisers/list.xml']);
  });
});

describe('a statistics list', () => {
  it('sends nothing until iterated; with { raw: true } it sends that very request and hands back the body', async () => {
    const [slot] = await h.client.listAdSlots().toArray();
    const since = h.mark();
    const range = { from: '2026-06-01T05', to: '2026-06-01T07' };
    h.client.adSlotStats(slot!.id, range);
    expect(since()).toEqual([]);
    const raw = await h.client.adSlotStats(slot!.id, range, { raw: true });
    const sent = since();
    expect(sent.map((r) => r.path)).toEqual([`/adslot/${slot!.id}/statistics.xml`]);
    expect(sent[0]!.query).toEqual({ start: '2026060105', end: '2026060107', bycountry: 'false' });
    expect(raw.body).toMatch(/^<\?xml|^<masg/);
  });
});
