// client.request(): any endpoint with the client's credentials and policies, the body unparsed
// (what `masg api` and `--raw` use). Refused inputs send nothing.
import { describe, expect, it } from 'vitest';
import { ApiError, UsageError, type RawRequest } from '../../src/index.js';
import { rejection, useSandbox } from './setup.js';

const h = useSandbox();

describe('client.request()', () => {
  it('GET with query: the body as received, in the asked format', async () => {
    const since = h.mark();
    const res = await h.client.request({ path: '/publication/list', query: { status: 'PAUSED' }, format: 'json' });
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/json/);
    expect(JSON.parse(res.body)).toBeTypeOf('object');
    expect(res.body).toContain('PAUSED');
    expect(since().map((r) => [r.method, r.path, r.params])).toEqual([['GET', '/publication/list.json', { status: 'PAUSED' }]]);
  });

  it('POST with form, a path without its leading slash; the answer is the XML as sent', async () => {
    const [pub] = await h.client.listPublications().toArray();
    const since = h.mark();
    const res = await h.client.request({ method: 'POST', path: `publication/${pub!.id}`, form: { description: 'Raw change' } });
    expect(res.body.startsWith('<')).toBe(true);
    expect(res.body).toContain('Raw change');
    expect(since().map((r) => [r.method, r.path])).toEqual([['POST', `/publication/${pub!.id}.xml`]]);
  });

  it("takes a call's raw format and dry run as every typed method does", async () => {
    const since = h.mark();
    const dry = await h.client.request({ path: '/publication/list' }, { dryRun: true, raw: 'json' });
    expect(dry.requests.map((r) => r.url)).toEqual([expect.stringMatching(/\/publication\/list\.json$/)]);
    const res = await h.client.request({ path: '/publication/list' }, { raw: 'json' });
    expect(res.contentType).toMatch(/json/);
    expect(since().map((r) => r.path)).toEqual(['/publication/list.json']);
  });

  it('a masg-error body rejects with ApiError, like the typed methods', async () => {
    expect(await rejection(h.client.request({ path: '/publication/00000000-0000-0000-0000-000000000000' }))).toBeInstanceOf(ApiError);
  });

  it.each<[string, RawRequest]>([
    ['a method the service does not have', { method: 'PUT' as 'GET', path: '/publication/list' }],
    ['no path', { path: '' }],
    ['a full URL', { path: 'https://elsewhere.example/publication/list' }],
    ['a query string in the path', { path: '/publication/list?status=ACTIVE' }],
    ['a form on a GET', { path: '/publication/list', form: { status: 'ACTIVE' } }],
    ['a query on a POST', { method: 'POST', path: '/publication/create', query: { name: 'x' } }],
    ['an unknown format', { path: '/publication/list', format: 'yaml' as 'xml' }],
  ])('%s: UsageError, nothing sent', async (_name, req) => {
    const since = h.mark();
    expect(await rejection(h.client.request(req))).toBeInstanceOf(UsageError);
    expect(since()).toHaveLength(0);
  });
});
