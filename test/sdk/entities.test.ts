// Every entity method of the SDK against the sandbox over real HTTP: what comes back, and what
// went over the wire (the sandbox's request log).
import { describe, expect, it } from 'vitest';
import { ApiError, UsageError, type EntityList, type Publication } from '../../src/index.js';
import { rejection, useSandbox } from './setup.js';

const h = useSandbox();

describe('publications', () => {
  it('listPublications streams every publication, and filters by status', async () => {
    const all: EntityList<Publication> = h.client.listPublications();
    const names: string[] = [];
    for await (const p of all) names.push(p.name);
    expect(names).toContain('Café Olé Mobile');
    expect(names).toHaveLength(7);
    const paused = await h.client.listPublications({ status: 'PAUSED' }).toArray();
    expect(paused.map((p) => p.status)).toEqual(['PAUSED']);
    expect(h.sb.requests.at(-1)!.params).toMatchObject({ status: 'PAUSED' });
  });

  it('a list is lazy: nothing is sent until it is iterated, and each iteration sends again', async () => {
    const since = h.mark();
    const list = h.client.listPublications();
    expect(since()).toHaveLength(0);
    let n = 0;
    for await (const batch of list.batches()) n += batch.length;
    await list.toArray();
    expect(n).toBe(7);
    expect(since().map((r) => r.path)).toEqual(['/publication/list.xml', '/publication/list.xml']);
  });

  it('getPublication is GET /publication/{id} and equals the list record', async () => {
    const [first] = await h.client.listPublications().toArray();
    const since = h.mark();
    expect(await h.client.getPublication(first!.id)).toEqual(first);
    expect(since().map((r) => [r.method, r.path])).toEqual([['GET', `/publication/${first!.id}.xml`]]);
  });

  it('createPublication sends typed input as the service wants it; updatePublication reports the status as it is', async () => {
    const since = h.mark();
    const created = await h.client.createPublication({
      name: 'SDK Site',
      type: 'mobile_site',
      description: 'made by the SDK test',
      transparent: false,
      url: 'https://sdk.example/',
      languages: ['en', 'de'],
      autoapprove: false,
      requests: 10n,
    });
    expect(created).toMatchObject({ name: 'SDK Site', type: 'MOBILE_SITE', status: 'PENDING', transparent: 'false', autoapprove: 'false' });
    expect(created.languages.split(',').sort()).toEqual(['de', 'en']);
    expect(since()[0]!.form).toMatchObject({
      name: 'SDK Site',
      type: 'MOBILE_SITE',
      transparent: 'false',
      languages: 'en,de',
      autoapprove: 'false',
      requests: '10',
    });

    // PENDING → ACTIVE is silently ignored by the service: the answer shows the unchanged status.
    const updated = await h.client.updatePublication(created.id, { status: 'ACTIVE', description: 'changed' });
    expect(updated).toMatchObject({ id: created.id, status: 'PENDING', description: 'changed' });
    expect((await h.client.getPublication(created.id)).description).toBe('changed');
  });

  it('refuses bad input before sending, naming the field', async () => {
    const since = h.mark();
    const cases: Array<[Promise<unknown>, string]> = [
      [h.client.createPublication({ name: 'x', type: 'MOBILE_SITE', description: 'd', transparent: true }), 'url'],
      [h.client.createPublication({ name: 'x'.repeat(256), type: 'OTHER_APP', description: 'd', transparent: true }), 'name'],
      [h.client.createPublication({ name: 'x', type: 'TOASTER', description: 'd', transparent: true }), 'type'],
      [h.client.createPublication({ name: 'x', type: 'OTHER_APP', description: 'd', transparent: true, languages: ['xx'] }), 'languages'],
      // @ts-expect-error: a typo is refused, not dropped (it would otherwise be "nothing changed")
      [h.client.updatePublication('0378', { nmae: 'x' }), 'nmae'],
      // @ts-expect-error: the type cannot change
      [h.client.updatePublication('0378', { type: 'OTHER_APP' }), 'type'],
      [h.client.updatePublication('0378', {}), 'changes'],
      [h.client.getPublication('has space'), 'id'],
    ];
    for (const [p, field] of cases) {
      const e = await rejection(p);
      expect(e, field).toBeInstanceOf(UsageError);
      expect((e as UsageError).field).toBe(field);
    }
    expect(() => h.client.listPublications({ status: 'DONE' as 'ACTIVE' })).toThrow(UsageError);
    expect(since()).toEqual([]);
  });
});

describe('ad slots', () => {
  it('listAdSlots by publication, getAdSlot, createAdSlot and updateAdSlot', async () => {
    const [pub] = await h.client.listPublications({ status: 'ACTIVE' }).toArray();
    const slots = await h.client.listAdSlots({ publication: pub!.id }).toArray();
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.publication === pub!.id)).toBe(true);
    expect(await h.client.getAdSlot(slots[0]!.id)).toEqual(slots[0]);
    expect(h.sb.requests.at(-1)!.path).toBe(`/adslot/${slots[0]!.id}.xml`);

    const since = h.mark();
    const created = await h.client.createAdSlot({
      publication: pub!.id,
      name: 'SDK slot',
      formats: ['banner', 'text'],
      tags: ['a', 'b c'],
    });
    expect(created).toMatchObject({ publication: pub!.id, name: 'SDK slot', tags: 'a,b c' });
    expect(since()[0]!.form).toMatchObject({ formats: 'banner,text', tags: 'a,b c' });
    const updated = await h.client.updateAdSlot(created.id, { name: 'SDK slot 2', formats: 'iab300x250' });
    expect(updated).toMatchObject({ id: created.id, name: 'SDK slot 2', formats: 'iab300x250' });
  });

  it('updateAdSlot needs the name (production answers 1500 without it); checked before sending', async () => {
    const since = h.mark();
    // @ts-expect-error: name is required by the type too
    const e = await rejection(h.client.updateAdSlot('some-id', { formats: ['banner'] }));
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).field).toBe('name');
    const bad = await rejection(h.client.createAdSlot({ publication: 'p', name: 'n', formats: ['banner, text'] }));
    expect((bad as UsageError).field).toBe('formats');
    expect(since()).toEqual([]);
  });
});

describe('advertisers and campaigns', () => {
  it('listAdvertisers, listCampaigns and getCampaign', async () => {
    const advertisers = await h.client.listAdvertisers().toArray();
    expect(advertisers.map((a) => a.name)).toEqual(['Acme Outdoor', 'Bäckerei Schmidt']);
    const campaigns = await h.client.listCampaigns(advertisers[0]!.id).toArray();
    expect(campaigns.length).toBeGreaterThan(0);
    expect(campaigns.every((c) => c.advertiser === advertisers[0]!.id)).toBe(true);
    expect(await h.client.getCampaign(campaigns[0]!.id)).toEqual(campaigns[0]);
  });

  it('an unknown campaign is ApiError 2000 with HTTP 404 (the one endpoint that says 404)', async () => {
    const e = await rejection(h.client.getCampaign('00000000-0000-0000-0000-000000000000'));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 2000, status: 404 });
  });
});
