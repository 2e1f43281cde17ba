import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTRICTED_ACCOUNT, type Sandbox } from '../../src/sandbox/index.js';
import { call, errorOf, start } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('authentication', () => {
  const cases: Array<[string, string | null, number, string]> = [
    ['no header', null, 1000, 'No Authorization header'],
    ['lower-case scheme', `basic ${b64('demo@sandbox.masg.test:demo-developer-key')}`, 1001, 'Malformed Authorization header'],
    ['Bearer', 'Bearer abc', 1001, 'Malformed Authorization header'],
    ['no colon', `Basic ${b64('demo@sandbox.masg.test')}`, 1001, 'Malformed Authorization header'],
    ['not base64', 'Basic ***', 1001, 'Malformed Authorization header'],
    // Production wants both parts non-empty: an empty e-mail or key is malformed, not 1002/1003.
    ['empty e-mail', `Basic ${b64(':demo-developer-key')}`, 1001, 'Malformed Authorization header'],
    ['empty key', `Basic ${b64('demo@sandbox.masg.test:')}`, 1001, 'Malformed Authorization header'],
    ['both empty', `Basic ${b64(':')}`, 1001, 'Malformed Authorization header'],
    ['unknown e-mail', `Basic ${b64('who@example.com:k')}`, 1002, 'Invalid email: who@example.com'],
    ['wrong key', `Basic ${b64('demo@sandbox.masg.test:wrong')}`, 1003, 'Invalid developer key for demo@sandbox.masg.test'],
    [
      'key cut at a second colon',
      `Basic ${b64('other@sandbox.masg.test:other')}`,
      1003,
      'Invalid developer key for other@sandbox.masg.test',
    ],
    [
      'address not allowed',
      `Basic ${b64(`${RESTRICTED_ACCOUNT.email}:${RESTRICTED_ACCOUNT.key}`)}`,
      1004,
      'Access from IP address 127.0.0.1 is not allowed for restricted@sandbox.masg.test',
    ],
  ];
  it.each(cases)('%s → HTTP 400, code %s', async (_name, header, code, description) => {
    for (const format of ['xml', 'json']) {
      const r = await call(sb, 'GET', `/publication/list.${format}`, { auth: header });
      expect(r.status).toBe(400);
      expect(errorOf(r)).toEqual({ code, description });
    }
  });

  it('a key containing ":" works (only the first colon separates)', async () => {
    expect(sb.other.key).toContain(':');
    expect((await call(sb, 'GET', '/publication/list.xml', { auth: sb.other })).status).toBe(200);
  });

  it('parameter errors come before authentication errors', async () => {
    const missing = await call(sb, 'POST', '/adslot/create.xml', {
      auth: `Basic ${b64('demo@sandbox.masg.test:wrong')}`,
      params: { name: 'x' },
    });
    expect(errorOf(missing).code).toBe(1500);
    const date = await call(sb, 'GET', '/publication/statistics.json', { auth: null, params: { start: '20240601', end: '2024060123' } });
    expect(errorOf(date)).toEqual({ code: 5000, description: 'Unparseable date: "20240601"' });
    // …but looking up an object needs the account: unknown IDs come after authentication.
    expect(errorOf(await call(sb, 'GET', '/adslot/nope.xml', { auth: null })).code).toBe(1000);
  });

  it('the request log never records the Authorization header', async () => {
    await call(sb, 'GET', '/publication/list.xml');
    expect(JSON.stringify(sb.requests)).not.toContain(b64(`${sb.demo.email}:${sb.demo.key}`));
    expect(JSON.stringify(sb.requests)).not.toContain(sb.demo.key);
  });
});

describe('routing', () => {
  const html: Array<[string, 'GET' | 'POST' | 'PUT', string, number]> = [
    ['unknown path', 'GET', '/publication/list/all.xml', 404],
    ['unknown type', 'GET', '/creative/list.xml', 404],
    ['missing suffix', 'GET', '/publication/list', 404],
    ['unknown suffix', 'GET', '/publication/list.csv', 404],
    ['upper-case suffix', 'GET', '/publication/list.XML', 404],
    ['root', 'GET', '/', 404],
    ['GET on create', 'GET', '/publication/create.xml', 405],
    ['POST on list', 'POST', '/publication/list.xml', 405],
    ['POST on statistics', 'POST', '/adslot/abc/statistics.json', 405],
    ['PUT on a publication', 'PUT', '/publication/abc.xml', 405],
  ];
  it.each(html)('%s → HTML %s, not a masg-error', async (_name, method, path, status) => {
    const r = await call(sb, method, path);
    expect(r.status).toBe(status);
    expect(r.type).toBe('text/html;charset=ISO-8859-1');
    expect(r.text).toContain(`<h2>HTTP ERROR ${status}</h2>`);
    expect(r.text).not.toContain('masg-error');
  });

  it('serves under a base path when asked, and nothing outside it', async () => {
    const prefixed = await start({ basePath: '/v1/' });
    try {
      expect(prefixed.url).toMatch(/:\d+\/v1$/);
      expect((await call(prefixed, 'GET', '/publication/list.xml')).status).toBe(200);
      expect(prefixed.requests.at(-1)?.path).toBe('/publication/list.xml');
      const outside = await fetch(prefixed.url.replace(/\/v1$/, '/publication/list.xml'));
      expect(outside.status).toBe(404);
    } finally {
      await prefixed.close();
    }
  });

  it("logs method, path, format, params, the credentials' e-mail and status of every request", async () => {
    await call(sb, 'POST', '/publication/nope.json?reference=q', { params: { name: 'n' } });
    expect(sb.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/publication/nope.json',
      format: 'json',
      params: { reference: 'q', name: 'n' },
      query: { reference: 'q' },
      form: { name: 'n' },
      contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
      userAgent: expect.any(String),
      email: sb.demo.email,
      status: 400,
    });
  });
});
