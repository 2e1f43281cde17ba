// Every API function against the real local implementation of the service, over HTTP: the
// requests it sends are the ones the sandbox understands, and its XML parses into entities.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, AuthError } from '../../src/core/errors.js';
import { createTransport } from '../../src/transport/transport.js';
import { createPublication, listPublications, updatePublication } from '../../src/endpoints/publications.js';
import { createAdSlot, listAdSlots, updateAdSlot } from '../../src/endpoints/adslots.js';
import { listAdvertisers } from '../../src/endpoints/advertisers.js';
import { getCampaign, listCampaigns } from '../../src/endpoints/campaigns.js';
import { entityRecords } from '../../src/endpoints/entities.js';
import type { Transport } from '../../src/transport/types.js';
import { startSandbox } from '../../src/sandbox/index.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

describe('API functions against the sandbox', () => {
  let sandbox: Sandbox;
  let client: Transport;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7 });
    client = createTransport({ baseUrl: sandbox.url, ...sandbox.demo, userAgent: 'masg/test', timeoutMs: 10_000 });
  });
  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });

  const lastRequest = () => sandbox.requests.at(-1)!;

  it('publications: create, list (one-element filter), update, unknown status values pass through', async () => {
    const name = `Café 😀 ${Date.now()}`;
    const created = await createPublication(client, {
      name,
      type: 'IPHONE_APP',
      description: 'd <&> "q"',
      transparent: 'true',
      languages: 'en,fr',
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/publication/create.xml',
      query: {},
      userAgent: 'masg/test',
      form: { name, type: 'IPHONE_APP', description: 'd <&> "q"', transparent: 'true', languages: 'en,fr' },
    });
    expect(lastRequest().contentType).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(created).toMatchObject({ name, type: 'IPHONE_APP', description: 'd <&> "q"', transparent: 'true' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.languages.split(',').sort()).toEqual(['en', 'fr']);
    expect(created.status).not.toBe('');

    // The sandbox may move a new publication out of PENDING on its own (simulated review).
    const all = await listPublications(client).toArray();
    expect(all.find((p) => p.id === created.id)).toEqual({ ...created, status: expect.any(String) });
    const same = await listPublications(client, { status: 'ACTIVE' }).toArray();
    expect(same.length).toBeGreaterThan(0);
    expect(same.every((p) => p.status === 'ACTIVE')).toBe(true);
    expect(lastRequest().params).toMatchObject({ status: 'ACTIVE' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/publication/list.xml' });

    const renamed = await updatePublication(client, created.id, { name: `${name} 2`, description: '' });
    expect(renamed).toMatchObject({ id: created.id, name: `${name} 2`, type: 'IPHONE_APP' });
  });

  it('JSON bodies decode into the same entities (except characters Latin-1 cannot hold)', async () => {
    const fromXml = await listPublications(client).toArray();
    const res = await client.request({ ...listPublications.request(), format: 'json' });
    expect(res.contentType.toLowerCase()).toContain('charset=iso-8859-1');
    const fromJson = entityRecords(res, 'publication');
    expect(fromJson.map((p) => p.id)).toEqual(fromXml.map((p) => p.id));
  });

  it('ad slots: create, list by publication, update', async () => {
    const [pub] = await listPublications(client).toArray();
    const slot = await createAdSlot(client, { publication: pub!.id, name: 'Slot é', formats: 'banner,text', tags: 'a,b' });
    expect(slot).toMatchObject({ publication: pub!.id, name: 'Slot é', tags: 'a,b' });
    expect(slot.formats.split(',').sort()).toEqual(['banner', 'text']);
    const listed = await listAdSlots(client, { publication: pub!.id }).toArray();
    expect(listed.map((s) => s.id)).toContain(slot.id);
    expect(listed.every((s) => s.publication === pub!.id)).toBe(true);
    const updated = await updateAdSlot(client, slot.id, { name: 'Slot 2', formats: 'iab300x250' });
    expect(updated).toMatchObject({ id: slot.id, name: 'Slot 2', formats: 'iab300x250' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/adslot/${slot.id}.xml` });
  });

  it('advertisers and campaigns: list, list per advertiser, view', async () => {
    const advertisers = await listAdvertisers(client).toArray();
    expect(advertisers.length).toBeGreaterThan(0);
    const withCampaigns = [];
    for (const adv of advertisers) withCampaigns.push(...(await listCampaigns(client, adv.id).toArray()));
    expect(withCampaigns.length).toBeGreaterThan(0);
    const first = withCampaigns[0]!;
    expect(await getCampaign(client, first.id)).toEqual(first);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/campaign/${first.id}.xml` });
  });

  it('stream(): a statistics body arrives as bytes of a <masg-response>', async () => {
    const res = await client.stream({
      method: 'GET',
      path: '/publication/statistics',
      params: { start: '2012010100', end: '2012010123', bycountry: 'true' },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(/^<\?xml[^\n]*\n<masg-response/);
    expect(lastRequest()).toMatchObject({
      path: '/publication/statistics.xml',
      query: { start: '2012010100', end: '2012010123', bycountry: 'true' },
    });
  });

  it('errors: unknown campaign, wrong key, another account’s publication', async () => {
    const missing = (await getCampaign(client, '00000000-0000-0000-0000-000000000000').catch((e: unknown) => e)) as ApiError;
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing.code).toBe(2000);

    const wrong = createTransport({ baseUrl: sandbox.url, email: sandbox.demo.email, key: `${sandbox.demo.key}x` });
    const auth = (await listAdvertisers(wrong)
      .toArray()
      .catch((e: unknown) => e)) as AuthError;
    await wrong.close();
    expect(auth).toBeInstanceOf(AuthError);
    expect(auth.code).toBe(1003);

    const other = createTransport({ baseUrl: sandbox.url, ...sandbox.other });
    const [mine] = await listPublications(client).toArray();
    const foreign = (await updatePublication(other, mine!.id, { name: 'x' }).catch((e: unknown) => e)) as ApiError;
    await other.close();
    expect(foreign).toBeInstanceOf(ApiError);
    expect(foreign.code).toBe(2001);
  });
});
