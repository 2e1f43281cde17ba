// The request log (`sandbox.requests`) is bounded by bytes as well as entries, and an oversize
// body is refused with a 413 that the client actually receives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { MAX_BODY } from '../../src/sandbox/params.js';
import { call, start } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start({ requestLogBytes: 8 * 1024 * 1024 });
});
afterAll(() => sb.close());

describe('request log', () => {
  it('keeps at most its byte budget of parameters, dropping the oldest, keeping the newest', async () => {
    const big = 'x'.repeat(1024 * 1024); // 1 MiB value: about 2 MiB as counted (two bytes a character)
    for (let i = 0; i < 20; i++) {
      const r = await call(sb, 'POST', '/publication/create.xml', { params: { name: `n${i}`, description: big }, auth: null });
      expect(r.status).toBe(400); // 1000: no Authorization (parameters are read first)
    }
    const kept = sb.requests.filter((r) => r.path === '/publication/create.xml');
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(4);
    expect(kept.at(-1)!.params.name).toBe('n19');
    expect(kept.at(-1)!.params.description).toBe(big);
  });

  it('an oversize body is answered 413 (an HTML page from the container), recorded without parameters', async () => {
    const body = `name=${'y'.repeat(MAX_BODY)}`;
    const r = await call(sb, 'POST', '/publication/create.xml', { body, contentType: 'application/x-www-form-urlencoded' });
    expect(r.status).toBe(413);
    expect(r.type).toMatch(/^text\/html/);
    expect(r.text).toContain('HTTP ERROR 413');
    expect(sb.requests.at(-1)).toMatchObject({ path: '/publication/create.xml', status: 413, params: {}, form: {} });
    // Nothing was created, and the sandbox serves on.
    const list = await call(sb, 'GET', '/publication/list.json');
    expect(list.status).toBe(200);
  });

  it('a body just under the limit is still read', async () => {
    const description = 'z'.repeat(MAX_BODY - 200);
    const r = await call(sb, 'POST', '/publication/create.json', { params: { name: 'Just fits', type: 'OTHER_APP', description } });
    expect(r.status).toBe(200);
    expect(r.json()['masg-response'].description).toBe(description.slice(0, 4096));
  });
});
