// `{ raw }` on the typed methods: the method's very request is sent and the body comes back as
// received, the same bytes `client.request()` gets for that endpoint; `{ raw, dryRun }` describes
// it. The CLI's --raw and --dry-run are these calls (src/command-kit/raw.ts).
import { describe, expect, it } from 'vitest';
import { ApiError, type RawResponse } from '../../src/index.js';
import { useSandbox } from './setup.js';

const h = useSandbox();

describe('{ raw }', () => {
  it.each<[string, (o: { raw: true | 'json' }) => Promise<RawResponse>, string]>([
    ['listPublications', (o) => h.client.listPublications({ status: 'ACTIVE' }, o), '/publication/list'],
    ['listAdvertisers', (o) => h.client.listAdvertisers(o), '/advertisers/list'],
    ['listAdSlots', (o) => h.client.listAdSlots({}, o), '/adslot/list'],
  ])('%s: the body of its one request, unparsed, in the format asked', async (_name, call, path) => {
    const since = h.mark();
    const xml = await call({ raw: true });
    const json = await call({ raw: 'json' });
    expect(since().map((r) => r.path)).toEqual([`${path}.xml`, `${path}.json`]);
    expect(xml.status).toBe(200);
    expect(xml.body.trimStart().startsWith('<')).toBe(true);
    expect(JSON.parse(json.body)).toBeTypeOf('object');
    expect(Buffer.from(xml.bytes).toString('utf8')).toBe(xml.body);
  });

  it('equals client.request() of the same endpoint, byte for byte', async () => {
    const [first] = await h.client.listPublications().toArray();
    const raw = await h.client.getPublication(first!.id, { raw: true });
    const direct = await h.client.request({ path: `/publication/${first!.id}` });
    expect(raw.body).toBe(direct.body);
    expect(Buffer.compare(Buffer.from(raw.bytes), Buffer.from(direct.bytes))).toBe(0);
  });

  it('checks inputs as usual and rejects a masg-error body, as the typed call does', async () => {
    const since = h.mark();
    await expect(h.client.getPublication('', { raw: true })).rejects.toThrow(/id/);
    expect(since()).toEqual([]);
    await expect(h.client.getPublication('00000000-0000-4000-8000-000000000000', { raw: true })).rejects.toBeInstanceOf(ApiError);
  });

  it('with dryRun: the raw request in its format is described, nothing sent', async () => {
    const since = h.mark();
    const plan = await h.client.listAdvertisers({ raw: 'json', dryRun: true });
    expect(plan.requests[0]!.url).toMatch(/\/advertisers\/list\.json$/);
    const stats = await h.client.campaignStats(
      '0123abcd-0000-4000-8000-000000000000',
      { from: '2026-06-01', to: '2026-06-01' },
      { dryRun: true },
    );
    expect(stats.requests[0]!.url).toMatch(/\/statistics\.xml\?/);
    expect(since()).toEqual([]);
  });
});
