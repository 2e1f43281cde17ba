// Machine formats on a terminal: control characters from the service are shown as visible
// \uXXXX escapes, so data cannot clear the screen, retitle the window or plant a link; written
// to a pipe or a file, the same output is byte for byte what the format writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRecord, renderRows, type Column, type OutputFormat } from '../../src/output/index.js';
import { runCli } from '../helpers/cli.js';
import { HOSTILE_NAME, startHostileSandbox, type HostileSandbox } from '../helpers/hostile.js';
import { Capture, FakeTty } from './capture.js';

const columns: Column[] = [{ key: 'id' }, { key: 'name' }];
const evil = { id: 'a\u001b[2J', name: 'x\u001b]8;;https://evil\u001b\\link\u001b]8;;\u001b\\\r\u009b31m\u007f\u202etxt\u2066\ttab\nnl' };
// Anything a terminal acts on, except the tab and newline the formats use as layout.
// eslint-disable-next-line no-control-regex -- the characters a terminal acts on are what this finds
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

async function rows(format: OutputFormat, out: Capture): Promise<string> {
  await renderRows(out, columns, [evil], { format, header: true, color: false });
  return out.text;
}

describe.each(['csv', 'tsv', 'json', 'ndjson'] as const)('%s', (format) => {
  it('on a terminal: every control character escaped, visible', async () => {
    const text = await rows(format, new FakeTty());
    expect(text).not.toMatch(ACTIVE);
    for (const shown of ['\\u001b[2J', '\\u001b]8;;https://evil', '\\u009b31m', '\\u007f', '\\u202etxt', '\\u2066'])
      expect(text).toContain(shown);
  });

  it('to a pipe or file: the bytes the format writes, unchanged', async () => {
    const piped = await rows(format, new Capture());
    expect(piped).toMatch(ACTIVE);
    // The terminal text is the piped text with the escapes applied, nothing else moved (JSON
    // itself writes C0 as \u escapes, so there both are compared decoded).
    const tty = await rows(format, new FakeTty());
    const decode = (t: string) => t.replace(/\\u([0-9a-f]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(decode(tty)).toBe(format === 'csv' || format === 'tsv' ? piped : decode(piped));
  });
});

it('json on a terminal is still JSON, with the same values', async () => {
  expect(JSON.parse(await rows('json', new FakeTty()))).toEqual([evil]);
  expect(JSON.parse(await rows('ndjson', new FakeTty()))).toEqual(evil);
  const one = new FakeTty();
  await renderRecord(one, columns, evil, { format: 'json', header: true, color: false });
  expect(one.text).not.toMatch(ACTIVE);
  expect(JSON.parse(one.text)).toEqual(evil);
});

describe('masg pub list against a service sending escape sequences', () => {
  let hostile: HostileSandbox;
  let env: Record<string, string>;
  beforeAll(async () => {
    hostile = await startHostileSandbox();
    const { sandbox } = hostile;
    env = {
      MASG_BASE_URL: sandbox.url,
      MASG_EMAIL: sandbox.demo.email,
      MASG_DEVELOPER_KEY: sandbox.demo.key,
      MASG_CONFIG_DIR: '/nonexistent/masg',
    };
  });
  afterAll(() => hostile?.close());

  it.each(['csv', 'tsv'])('-o %s on a terminal escapes; piped, the name arrives byte for byte', async (format) => {
    const tty = await runCli(['pub', 'list', '-o', format], { env, tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).not.toMatch(ACTIVE);
    expect(tty.stdout).toContain('Evil\\u001b]0;TITLE\\u0007');
    const piped = await runCli(['pub', 'list', '-o', format], { env });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain(format === 'csv' ? HOSTILE_NAME.split('\n')[0] : HOSTILE_NAME.replace('\t', '\\t').replace('\n', '\\n'));
  });
});
