import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { escapeXml } from '../../src/sandbox/wire/xml.js';
import { jsonString } from '../../src/sandbox/wire/json.js';
import { call, start } from './helpers.js';

describe('character encoding rules', () => {
  it('XML: decimal references above U+007F, two surrogate references outside the BMP, controls raw', () => {
    expect(escapeXml('é😀<a & b>"\'')).toBe('&#233;&#55357;&#56832;&lt;a &amp; b&gt;"\'');
    expect(escapeXml('tab\there\u0001')).toBe('tab\there\u0001');
    expect(escapeXml('∞')).toBe('&#8734;');
  });

  it('JSON: Latin-1 only (one "?" per unrepresentable character), "/" escaped', () => {
    expect(jsonString('é/😀/∞')).toBe('"é\\/?\\/?"');
    expect(jsonString('\ud83d lone')).toBe('"? lone"');
    expect(jsonString('quote " and \\')).toBe('"quote \\" and \\\\"');
  });
});

describe('on the wire', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await start();
  });
  afterAll(() => sb.close());

  it('XML: text/xml, declaration, one tag per line, no indentation, no attributes', async () => {
    const r = await call(sb, 'GET', '/publication/list.xml');
    expect(r.type).toBe('text/xml');
    const lines = r.text.trimEnd().split('\n');
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toBe('<masg-response>');
    expect(lines.at(-1)).toBe('</masg-response>');
    for (const line of lines.slice(1)) expect(line).toMatch(/^<\/?[A-Za-z-]+\/?>(?:[^<]*<\/[A-Za-z-]+>)?$/);
    expect(r.bytes.every((b) => b < 0x80)).toBe(true);
    expect(r.text).toContain('<name>Weather &#55357;&#56832; Now</name>');
    expect(r.text).toContain('<name>Puzzle "Quest", Deluxe</name>');
    expect(r.text).toContain('<description>Match-three puzzles &lt;deluxe&gt;</description>');
    expect(r.text).toContain('<description/>'); // Zebra Tools
  });

  it('JSON: ISO-8859-1 bytes, "?" for the emoji, escaped slashes, booleans, no nulls', async () => {
    const r = await call(sb, 'GET', '/publication/list.json');
    expect(r.type).toBe('application/json;charset=ISO-8859-1');
    expect(r.bytes.includes(Buffer.from('Caf\xe9 Ol\xe9', 'latin1'))).toBe(true);
    expect(r.bytes.includes(Buffer.from('Café', 'utf8'))).toBe(false);
    expect(r.text).toContain('"name":"Weather ? Now"');
    expect(r.text).toContain('"url":"https:\\/\\/m.cafe-ole.example\\/"');
    expect(r.text).toContain('"transparent":true');
    expect(r.text).not.toContain('null');
    expect(r.text.startsWith('{"masg-response":[{')).toBe(true);
  });

  it('errors: masg-error in the requested format', async () => {
    const x = await call(sb, 'GET', '/publication/list.xml', { auth: null });
    expect(x.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<masg-error>\n<code>1000</code>\n<description>No Authorization header</description>\n</masg-error>\n',
    );
    const j = await call(sb, 'GET', '/publication/list.json', { auth: null });
    expect(j.text).toBe('{"masg-error":{"code":1000,"description":"No Authorization header"}}');
  });

  it('whole bodies carry a Content-Length; creates answer 200', async () => {
    const r = await call(sb, 'GET', '/advertisers/list.xml');
    expect(Number(r.headers.get('content-length'))).toBe(r.bytes.length);
    const c = await call(sb, 'POST', '/publication/create.json', { params: { name: 'x', type: 'OTHER_APP', description: 'd' } });
    expect(c.status).toBe(200);
  });

  it('control characters are written raw in XML (escaped only by JSON)', async () => {
    const c = await call(sb, 'POST', '/publication/create.xml', {
      params: { name: 'bell\u0007tab\there', type: 'OTHER_APP', description: 'cr\rlf' },
    });
    expect(c.status).toBe(200);
    expect(c.text).toContain('<name>bell\u0007tab\there</name>\n');
    expect(c.text).toContain('<description>cr\rlf</description>\n');
    const id = /<id>([^<]+)<\/id>/.exec(c.text)![1]!;
    const j = await call(sb, 'GET', `/publication/${id}.json`);
    expect(j.text).toContain('"name":"bell\\u0007tab\\there"');
  });
});

describe('request parameters', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await start();
  });
  afterAll(() => sb.close());

  const post = (body: string, contentType: string, query = '') =>
    call(sb, 'POST', `/publication/create.json${query}`, { body, contentType });
  const base = 'type=OTHER_APP&description=d';

  it('a form body is read in the charset of its Content-Type; without one, in ISO-8859-1 (servlet default)', async () => {
    const utf8 = await post(`name=Caf%C3%A9+Ol%C3%A9&${base}`, 'application/x-www-form-urlencoded; charset=UTF-8');
    expect(utf8.json()['masg-response'].name).toBe('Café Olé');
    const latin1 = await post(`name=Caf%E9&${base}`, 'application/x-www-form-urlencoded; charset=ISO-8859-1');
    expect(latin1.json()['masg-response'].name).toBe('Café');
    // No charset: the UTF-8 bytes are read one character each, as production's container would.
    const none = await call(sb, 'POST', `/publication/create.xml`, {
      body: `name=Caf%C3%A9&${base}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(/<name>([^<]*)<\/name>/.exec(none.text)![1]).toBe('Caf&#195;&#169;');
    // The query string is UTF-8 whatever the body says.
    const q = await post(base, 'application/x-www-form-urlencoded', '?name=Caf%C3%A9');
    expect(q.json()['masg-response'].name).toBe('Café');
  });

  it('multipart and XML bodies are ignored: their parameters are missing', async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ name: 'M', type: 'OTHER_APP', description: 'd' })) fd.append(k, v);
    const r = await fetch(`${sb.url}/publication/create.xml`, {
      method: 'POST',
      body: fd,
      headers: { authorization: `Basic ${Buffer.from(`${sb.demo.email}:${sb.demo.key}`).toString('base64')}` },
    });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('<code>1500</code>');
    const x = await post('<publication><name>X</name></publication>', 'text/xml');
    expect(x.json()['masg-error'].code).toBe(1500);
  });

  it('a repeated name: the first value wins, the query string before the body', async () => {
    const r = await post(`name=body&name=body2&${base}`, 'application/x-www-form-urlencoded; charset=UTF-8', '?name=query&name=query2');
    expect(r.json()['masg-response'].name).toBe('query');
    const b = await post(`name=first&name=second&${base}`, 'application/x-www-form-urlencoded; charset=UTF-8');
    expect(b.json()['masg-response'].name).toBe('first');
  });
});
