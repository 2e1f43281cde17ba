// The encoding of a bulk CSV: Latin-1 and windows-1252 files (what Excel writes) arrive at the
// service as the right characters with --encoding, and without it are refused before anything
// is sent, naming where the first bad byte is. Checked in the sandbox's stored records.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calls, expectOk, tempDir, useHarness, type DemoIds, type Harness } from './harness.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demoIds) => {
  h = harness;
  ids = demoIds;
});

// windows-1252 bytes of the few non-ASCII characters used here (Node has no encoder for it).
const CP1252: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96, ö: 0xf6, ß: 0xdf, é: 0xe9 };
function cp1252(text: string): Buffer {
  return Buffer.from([...text].map((ch) => CP1252[ch] ?? (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : Number.NaN)));
}
const file = (name: string, bytes: Buffer) => {
  const path = join(tempDir('masg-enc-'), name);
  writeFileSync(path, bytes);
  return path;
};
async function storedPublication(id: string): Promise<Record<string, string>> {
  const all = JSON.parse(expectOk(await h.masg(['pub', 'list', '-o', 'json'])).stdout) as Array<Record<string, string>>;
  return all.find((p) => p.id === id)!;
}

describe('pub update --from', () => {
  const NAME = 'Größe – “Spezial” 5 €';

  it('--encoding windows-1252: the service stores the characters the file means', async () => {
    const pub = ids.pubs['Zebra Tools']!.id!;
    const path = file('excel.csv', cp1252(`id,name\r\n${pub},${NAME}\r\n`));
    const run = await h.masg(['pub', 'update', '--from', path, '--encoding', 'windows-1252', '--results', '-']);
    expect(run.stderr).toBe('Updated 1 publication.\n');
    expect(run.code).toBe(0);
    expect(calls(h.sent()).filter(([m]) => m === 'POST')).toEqual([['POST', `/publication/${pub}.xml`, { name: NAME }]]);
    expect((await storedPublication(pub)).name).toBe(NAME);
  });

  it('the same file without --encoding: exit 2 naming line and column, a hint, nothing sent', async () => {
    const pub = ids.pubs['Tablet Recipes']!.id!;
    const path = file('excel.csv', cp1252(`id,name\n${pub},${NAME}\n`));
    const run = await h.masg(['pub', 'update', '--from', path]);
    expect(run.code).toBe(2);
    // "Größe": ö is the 40th character of line 2 (36 of the ID, the comma, G, r).
    expect(run.stderr).toContain(`${path} is not valid UTF-8: byte 0xF6 at line 2, column 40; nothing was sent.`);
    expect(run.stderr).toContain('--encoding windows-1252');
    expect(h.sent()).toEqual([]);
    expect((await storedPublication(pub)).name).toBe('Tablet Recipes');
  });

  it('--from - reads bytes from stdin the same way', async () => {
    const pub = ids.pubs['Tablet Recipes']!.id!;
    const bytes = cp1252(`id,name\n${pub},Crème brûlée\n`.replace('è', 'e').replace('û', 'u').replace('brulee', 'brulée'));
    const bad = await h.masg(['pub', 'update', '--from', '-'], { stdin: bytes });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('standard input is not valid UTF-8: byte 0xE9 at line 2, column 48');
    expect(h.sent()).toEqual([]);
    expect(await h.masg(['pub', 'update', '--from', '-', '--encoding', 'latin1', '--results', '-'], { stdin: bytes })).toMatchObject({
      code: 0,
    });
    expect((await storedPublication(pub)).name).toBe('Creme brulée');
  });

  it('--encoding latin1 on a file with windows-1252 signs: exit 2 pointing at windows-1252, nothing sent', async () => {
    const pub = ids.pubs['Zebra Tools']!.id!;
    const path = file('euro.csv', cp1252(`id,name\n${pub},5 €\n`));
    const run = await h.masg(['pub', 'update', '--from', path, '--encoding', 'latin1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('byte 0x80 at line 2, column 40 is a control code in latin1');
    expect(run.stderr).toContain('try --encoding windows-1252');
    expect(h.sent()).toEqual([]);
  });

  it('a UTF-8 file with a BOM is still read as UTF-8; with --encoding windows-1252 it is refused', async () => {
    const pub = ids.pubs['Zebra Tools']!.id!;
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`id,name\n${pub},Zebra Tööls\n`)]);
    const path = file('bom.csv', bytes);
    const refused = await h.masg(['pub', 'update', '--from', path, '--encoding', 'windows-1252']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('starts with a UTF-8 byte-order mark: it is UTF-8, not windows-1252');
    expect(h.sent()).toEqual([]);
    expect(await h.masg(['pub', 'update', '--from', path, '--results', '-'])).toMatchObject({ code: 0 });
    expect((await storedPublication(pub)).name).toBe('Zebra Tööls');
  });

  it('an unknown --encoding is a usage error before anything is read or sent', async () => {
    const run = await h.masg(['pub', 'update', '--from', '/nonexistent.csv', '--encoding', 'utf16']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('utf8, latin1, windows-1252');
    expect(h.sent()).toEqual([]);
  });
});

describe('slot update --from and slot create --from', () => {
  it('slot update: windows-1252 names stored right; invalid UTF-8 refused with nothing sent', async () => {
    const slot = ids.slots['Forecast list']!;
    const path = file('slots.csv', cp1252(`id,name\n${slot.id},Prévision “10 jours”\n`));
    const bad = await h.masg(['slot', 'update', '--from', path]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('byte 0xE9 at line 2, column 40');
    expect(h.sent()).toEqual([]);
    expect(await h.masg(['slot', 'update', '--from', path, '--encoding', 'windows-1252', '--results', '-'])).toMatchObject({ code: 0 });
    const slots = JSON.parse(expectOk(await h.masg(['slot', 'list', '-o', 'json'])).stdout) as Array<Record<string, string>>;
    expect(slots.find((s) => s.id === slot.id)!.name).toBe('Prévision “10 jours”');
  });

  it('slot create: a windows-1252 file creates slots with the right names; invalid UTF-8 creates none', async () => {
    const pub = ids.pubs['Java Games Portal']!.id!;
    const path = file('new.csv', cp1252(`publication,name,formats,tags\n${pub},Größe €,banner,\n`));
    const before = (await h.masg(['slot', 'list', '-o', 'json'])).stdout;
    h.mark();
    const bad = await h.masg(['slot', 'create', '--from', path]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not valid UTF-8: byte 0xF6 at line 2, column 40');
    expect(h.sent()).toEqual([]);
    expect((await h.masg(['slot', 'list', '-o', 'json'])).stdout).toBe(before);
    expect(await h.masg(['slot', 'create', '--from', path, '--encoding', 'windows-1252', '--results', '-'])).toMatchObject({ code: 0 });
    const slots = JSON.parse(expectOk(await h.masg(['slot', 'list', '-o', 'json'])).stdout) as Array<Record<string, string>>;
    expect(slots.filter((s) => s.name === 'Größe €')).toHaveLength(1);
  });
});
