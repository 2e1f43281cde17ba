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
    expect(x.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<masg-error>\n<code>1000</code>\n<description>No Authorization header</description>\n</masg-error>\n');
    const j = await call(sb, 'GET', '/publication/list.json', { auth: null });
    expect(j.text).toBe('{"masg-error":{"code":1000,"description":"No Authorization header"}}');
  });

  it('whole bodies carry a Content-Length; creates answer 200', async () => {
    const r = await call(sb, 'GET', '/advertisers/list.xml');
    expect(Number(r.headers.get('content-length'))).toBe(r.bytes.length);
    const c = await call(sb, 'POST', '/publication/create.json', { params: { name: 'x', type: 'OTHER_APP', description: 'd' } });
    expect(c.status).toBe(200);
  });
});
