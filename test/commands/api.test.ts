// `masg api`: any endpoint through the same client as every other command, against the sandbox
// over HTTP — what the sandbox received, the body printed as received, errors as exit codes.
import { describe, expect, it } from 'vitest';
import { parseFields, parsePath } from '../../src/commands/api.js';
import { calls, type DemoIds, expectOk, type Harness, useHarness } from './harness.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demoIds) => {
  h = harness;
  ids = demoIds;
});

/** The body the service sends for a GET, read directly with the demo account. */
/**
 * The body as the service sends it, its bytes read the way the captured stdout is read (as
 * UTF-8): masg writes the bytes it received, never re-encoded (Latin-1 JSON included).
 */
async function direct(path: string): Promise<string> {
  const auth = Buffer.from(`${h.sandbox.demo.email}:${h.sandbox.demo.key}`).toString('base64');
  const res = await fetch(`${h.sandbox.url}${path}`, { headers: { authorization: `Basic ${auth}` } });
  return Buffer.from(await res.arrayBuffer()).toString('utf8');
}
/** Piped, the body is written as it came: no newline is added to one that lacks it. */
const withNewline = (s: string) => s;

describe('masg api against the sandbox', () => {
  it('GET with -f: parameters in the query, the XML body printed exactly', async () => {
    const run = expectOk(await h.masg(['api', '/publication/list', '-f', 'status=ACTIVE']));
    expect(calls(h.sent())).toEqual([['GET', '/publication/list.xml', { status: 'ACTIVE' }]]);
    expect(run.stdout).toBe(withNewline(await direct('/publication/list.xml?status=ACTIVE')));
  });

  it('--raw json, or a .json suffix, asks for JSON; the bytes are written as received', async () => {
    const expected = withNewline(await direct('/publication/list.json'));
    h.mark();
    expect(expectOk(await h.masg(['api', 'publication/list', '--raw', 'json'])).stdout).toBe(expected);
    expect(expectOk(await h.masg(['api', 'publication/list.json'])).stdout).toBe(expected);
    expect(calls(h.sent())).toEqual([
      ['GET', '/publication/list.json', {}],
      ['GET', '/publication/list.json', {}],
    ]);
  });

  it('-o json asks the service for JSON (the body printed as received); a .xml suffix or --raw with it is refused', async () => {
    const expected = withNewline(await direct('/publication/list.json'));
    h.mark();
    const run = expectOk(await h.masg(['api', 'publication/list', '-o', 'json']));
    expect(run.stdout).toBe(expected);
    expect(() => JSON.parse(run.stdout)).not.toThrow();
    expect(expectOk(await h.masg(['api', 'publication/list.json', '-o', 'json'])).stdout).toBe(expected);
    expect(calls(h.sent())).toEqual([
      ['GET', '/publication/list.json', {}],
      ['GET', '/publication/list.json', {}],
    ]);
    h.mark();
    for (const [argv, message] of [
      [['api', 'publication/list.xml', '-o', 'json'], '<path> ends in .xml but -o json says json'],
      [['api', 'publication/list', '-o', 'json', '--raw', 'xml'], '-o json cannot apply'],
    ] as const) {
      const refused = await h.masg([...argv]);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(message);
    }
    expect(h.sent()).toEqual([]);
  });

  it.each(['csv', 'tsv', 'ndjson', 'table'])('-o %s is refused before sending: the body cannot be reformatted', async (format) => {
    const run = await h.masg(['api', 'publication/list', '-o', format]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`-o ${format} cannot apply to it`);
    expect(run.stderr).toContain('-o json');
    expect(h.sent()).toEqual([]);
  });

  it('-X POST sends a form body; values may contain "=" and commas', async () => {
    const slot = ids.slots['Toolbar']!;
    const run = expectOk(await h.masg(['api', `adslot/${slot.id}`, '-X', 'post', '-f', 'name=Toolbar a=b', '-f', 'tags=tools,x']));
    expect(calls(h.sent())).toEqual([['POST', `/adslot/${slot.id}.xml`, { name: 'Toolbar a=b', tags: 'tools,x' }]]);
    expect(run.stdout).toContain('<name>Toolbar a=b</name>');
  });

  it('--dry-run describes the request with the credentials redacted and sends nothing', async () => {
    const run = expectOk(await h.masg(['api', 'publication/list', '-f', 'status=PAUSED', '--dry-run']));
    expect(h.sent()).toEqual([]);
    expect(run.stdout).toContain(`GET ${h.sandbox.url}/publication/list.xml?status=PAUSED`);
    expect(run.stdout).not.toContain(h.sandbox.demo.key);
    expect(run.stdout).not.toContain(Buffer.from(`${h.sandbox.demo.email}:${h.sandbox.demo.key}`).toString('base64'));
  });

  it('--debug logs request and response on stderr without the key', async () => {
    const run = await h.masg(['api', 'publication/list', '--debug']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('GET');
    expect(run.stderr).not.toContain(h.sandbox.demo.key);
  });

  it('a masg-error keeps its exit code: message on stderr, nothing on stdout', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const run = await h.masg(['api', `adslot/${unknown}`, '-X', 'POST', '-f', 'name=x']);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 5, stdout: '' });
    expect(run.stderr).toContain('code 2000');
    const other = await h.masg(['api', 'publication/list'], { env: { MASG_DEVELOPER_KEY: 'wrong' } });
    expect(other.code).toBe(4);
    expect(other.stderr).not.toContain('wrong');
  });

  it("an unknown path gets the container's HTML page: exit 6 naming the status", async () => {
    const run = await h.masg(['api', 'no/such/thing']);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/404/);
  });

  it.each([
    [['api', 'publication/list', '-f', 'status'], '-f'],
    [['api', 'publication/list', '-f', '=x'], '-f'],
    [['api', 'publication/list', '-f', 'a=1', '-f', 'a=2'], 'twice'],
    [['api', 'publication/list?status=ACTIVE'], '-f key=value'],
    [['api', 'https://example.com/publication/list'], 'full URL'],
    [['api', 'publication/../list'], 'not an endpoint path'],
    [['api', 'publication/list.json', '--raw', 'xml'], '--raw'],
    [['api', 'publication/list', '-X', 'PUT'], 'GET or POST'],
  ])('%j: exit 2, nothing sent', async (argv, message) => {
    const run = await h.masg(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(h.sent()).toEqual([]);
  });
});

describe('path and field parsing', () => {
  it('suffixes, slashes and the default format', () => {
    expect(parsePath('publication/list', undefined)).toEqual({ path: '/publication/list', format: 'xml' });
    expect(parsePath('//publication/list.JSON', undefined)).toEqual({ path: '/publication/list', format: 'json' });
    expect(parsePath('/campaign/5/statistics', 'json')).toEqual({ path: '/campaign/5/statistics', format: 'json' });
    expect(parsePath('publication/list.xml', 'xml')).toEqual({ path: '/publication/list', format: 'xml' });
  });
  it('fields split at the first "=", empty values kept', () => {
    expect(parseFields(['a=b=c', 'empty=', 'tags=x,y'])).toEqual({ a: 'b=c', empty: '', tags: 'x,y' });
  });
});
