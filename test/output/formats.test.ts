import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { defaultFormat, parseFields, renderRecord, renderRows, type Column, type OutputSettings } from '../../src/output/index.js';
import { escapeTsv } from '../../src/output/format/csv.js';
import { jsonValue } from '../../src/output/format/json.js';
import { Capture } from './capture.js';

const columns: Column[] = [
  { key: 'id' },
  { key: 'name', header: 'Name' },
  { key: 'status' },
  { key: 'requests', type: 'int' },
  { key: 'earnings', type: 'decimal' },
  { key: 'transparent', type: 'bool' },
];
const rows = [
  {
    id: '0012',
    name: 'Top "news", daily\nedition',
    status: 'ACTIVE',
    requests: '9007199254740993',
    earnings: '-0.00',
    transparent: 'true',
  },
  { id: '7', name: 'Plain', status: 'PENDING', requests: '', earnings: '∞', transparent: 'maybe' },
];
const settings = (s: Partial<OutputSettings>): OutputSettings => ({ format: 'csv', header: true, color: false, ...s });

async function render(s: Partial<OutputSettings>, data: Array<Record<string, string>> = rows): Promise<string> {
  const out = new Capture();
  await renderRows(out, columns, data, settings(s));
  return out.text;
}

describe('csv', () => {
  it('survives a round trip through csv-parse: quotes, commas and a newline in a value', async () => {
    const text = await render({ format: 'csv' });
    expect(parse(text)).toEqual([
      ['id', 'name', 'status', 'requests', 'earnings', 'transparent'],
      ...rows.map((r) => columns.map((c) => r[c.key as keyof typeof r])),
    ]);
  });

  it('quotes per RFC 4180 and ends records with LF', async () => {
    const text = await render({ format: 'csv' }, [{ ...rows[0]!, name: 'a"b,c\r\nd' }]);
    expect(text).toBe('id,name,status,requests,earnings,transparent\n0012,"a""b,c\r\nd",ACTIVE,9007199254740993,-0.00,true\n');
    expect(parse(text, { columns: true })[0].name).toBe('a"b,c\r\nd');
  });

  it('writes only the header for an empty result, and nothing at all with --no-header', async () => {
    expect(await render({ format: 'csv' }, [])).toBe('id,name,status,requests,earnings,transparent\n');
    expect(await render({ format: 'csv', header: false }, [])).toBe('');
  });

  it('drops the header with --no-header', async () => {
    expect(await render({ format: 'csv', header: false, fields: ['id'] })).toBe('0012\n7\n');
  });
});

describe('tsv', () => {
  it('escapes tab, newline, carriage return and backslash the PostgreSQL/MySQL way', () => {
    expect(escapeTsv('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(escapeTsv('plain, "quoted"')).toBe('plain, "quoted"');
  });

  it('writes one line per record and a header', async () => {
    const text = await render({ format: 'tsv', fields: ['id', 'name'] }, [{ id: '1', name: 'x\ty\nz\\' }]);
    expect(text).toBe('id\tname\n1\tx\\ty\\nz\\\\\n');
  });

  it('is header-only when empty and empty with --no-header', async () => {
    expect(await render({ format: 'tsv', fields: ['id', 'name'] }, [])).toBe('id\tname\n');
    expect(await render({ format: 'tsv', header: false }, [])).toBe('');
  });
});

describe('json and ndjson', () => {
  it('writes figures as the exact strings sent, booleans as booleans, empty as null', async () => {
    const text = await render({ format: 'json' });
    expect(text).toContain('"requests": "9007199254740993",');
    expect(text).toContain('"earnings": "-0.00",');
    expect(text).toContain('"earnings": "∞"');
    expect(text).toContain('"requests": null');
    expect(text).toContain('"transparent": "maybe"');
    const parsed = JSON.parse(text);
    expect(parsed[0]).toEqual({
      id: '0012',
      name: 'Top "news", daily\nedition',
      status: 'ACTIVE',
      requests: '9007199254740993', // a JSON number would parse as 9007199254740992
      earnings: '-0.00',
      transparent: true,
    });
    expect(Object.keys(parsed[1])).toEqual(columns.map((c) => c.key));
  });

  it('lays out like JSON.stringify(rows, null, 2) for plain values', async () => {
    const plain = [
      { id: '1', name: 'a' },
      { id: '2', name: 'b' },
    ];
    const text = await render({ format: 'json', fields: ['id', 'name'] }, plain);
    expect(text).toBe(JSON.stringify(plain, null, 2) + '\n');
  });

  it('writes [] for an empty list and nothing for empty ndjson', async () => {
    expect(await render({ format: 'json' }, [])).toBe('[]\n');
    expect(await render({ format: 'ndjson' }, [])).toBe('');
  });

  it('writes one compact object per line in ndjson, keys in --fields order', async () => {
    const text = await render({ format: 'ndjson', fields: ['requests', 'id'] });
    expect(text).toBe('{"requests":"9007199254740993","id":"0012"}\n{"requests":null,"id":"7"}\n');
  });

  // Figures are strings, exactly as sent (docs/output.md#json-types): a JSON number would reach
  // most readers as a float, 0.10 as 0.1 and 9007199254740993 as 9007199254740992.
  it.each([
    ['int', '9007199254740993', '"9007199254740993"'],
    ['int', '-5', '"-5"'],
    ['int', '0012', '"0012"'],
    ['int', '1.5', '"1.5"'],
    ['int', '', 'null'],
    ['decimal', '0.10', '"0.10"'],
    ['decimal', '-0.00', '"-0.00"'],
    ['decimal', '12345678901234567.89', '"12345678901234567.89"'],
    ['decimal', '1e3', '"1e3"'],
    ['decimal', '∞', '"∞"'],
    ['decimal', '?', '"?"'],
    ['decimal', '.5', '".5"'],
    ['decimal', 'NaN', '"NaN"'],
    ['decimal', '', 'null'],
    ['bool', 'true', 'true'],
    ['bool', 'false', 'false'],
    ['bool', 'TRUE', '"TRUE"'],
    ['bool', '', 'null'],
    ['string', '', 'null'],
    ['string', '12', '"12"'],
    ['string', 'a\u0000"\u2028', '"a\\u0000\\"\u2028"'],
  ] as const)('%s %j → %s', (type, value, expected) => {
    expect(jsonValue(value, type)).toBe(expected);
  });
});

describe('--fields', () => {
  it('chooses and orders columns', async () => {
    expect(await render({ format: 'csv', fields: ['status', 'id'] })).toBe('status,id\nACTIVE,0012\nPENDING,7\n');
  });

  it('refuses an unknown field, naming it and the valid ones', async () => {
    const err = await render({ format: 'csv', fields: ['id', 'nmae'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe(
      'Unknown field "nmae" in --fields. Valid fields: id, name, status, requests, earnings, transparent.',
    );
    expect((err as UsageError).field).toBe('--fields');
  });

  it('refuses an empty list and parses a flag value', async () => {
    await expect(render({ format: 'csv', fields: [] })).rejects.toBeInstanceOf(UsageError);
    expect(parseFields(' id, name,,status ')).toEqual(['id', 'name', 'status']);
  });
});

describe('renderRecord', () => {
  const record = rows[0]!;
  const one = async (s: Partial<OutputSettings>) => {
    const out = new Capture();
    await renderRecord(out, columns, record, settings(s));
    return out.text;
  };

  it('is one object (not an array) in json and one line in ndjson', async () => {
    const json = await one({ format: 'json', fields: ['id', 'requests'] });
    expect(json).toBe('{\n  "id": "0012",\n  "requests": "9007199254740993"\n}\n');
    expect(await one({ format: 'ndjson', fields: ['id', 'transparent'] })).toBe('{"id":"0012","transparent":true}\n');
  });

  it('is a header and one record in csv/tsv', async () => {
    expect(await one({ format: 'csv', fields: ['id', 'status'] })).toBe('id,status\n0012,ACTIVE\n');
    expect(await one({ format: 'tsv', fields: ['id', 'status'], header: false })).toBe('0012\tACTIVE\n');
  });

  it('is vertical in a table, server text sanitized', async () => {
    const out = new Capture();
    await renderRecord(out, columns, { ...record, name: 'Evil\u001b[2J\u0007 name' }, settings({ format: 'table' }));
    expect(out.text).toMatch(/│ Name +│ Evil name +│/);
    expect(out.text).toMatch(/│ status +│ ACTIVE +│/);
    expect(out.text).not.toContain('\u001b');
  });
});

describe('defaultFormat', () => {
  it('is a table on a terminal and tsv when piped', () => {
    expect(defaultFormat(true)).toBe('table');
    expect(defaultFormat(false)).toBe('tsv');
  });
});
