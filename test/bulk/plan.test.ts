import { describe, expect, it } from 'vitest';
import { parseCsvText } from '../../src/bulk/csv-read.js';
import { checkUpdateFile, planUpdates } from '../../src/bulk/plan.js';
import { planLines } from '../../src/bulk/plan-text.js';
import { adSlotBulk, publicationBulk } from '../../src/bulk/schema.js';

const slots = [
  { id: 's1', publication: 'p1', name: 'Top', formats: 'text,banner', tags: 'news' },
  { id: 's2', publication: 'p1', name: 'Game over', formats: '', tags: 'legacy' },
  { id: 's3', publication: 'p2', name: 'Side', formats: 'iab300x250', tags: '' },
];
const pubs = [
  {
    id: 'p1',
    name: 'Café',
    type: 'MOBILE_SITE',
    status: 'PENDING',
    description: 'd',
    reference: '',
    url: 'https://m.example/',
    transparent: 'true',
    languages: 'fr,en',
    requests: '',
    uniques: '',
    autoapprove: 'true',
  },
];

async function plan(schema: typeof adSlotBulk, csv: string, current: Array<Record<string, string>>) {
  const table = await parseCsvText(csv, 'f.csv');
  checkUpdateFile(schema, table, 'f.csv');
  return planUpdates(schema, table, current, 'f.csv');
}

describe('planUpdates', () => {
  it('an exported file plans nothing: sets in any order, an empty format set, untouched tags', async () => {
    const p = await plan(adSlotBulk, 'id,publication,name,formats,tags\ns1,p1,Top,"banner, text",news\ns2,p1,Game over,,legacy\n', slots);
    expect(p.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);
  });

  it('only changed fields, normalised as the flags are; only the columns present are compared', async () => {
    const p = await plan(adSlotBulk, 'id,name,formats,tags\ns1,Top banner,BANNER,"news, sports"\ns3,Side,iab300x250,\n', slots);
    expect(p.rows).toEqual([
      {
        action: 'update',
        line: 2,
        id: 's1',
        name: 'Top',
        changes: [
          { field: 'name', from: 'Top', to: 'Top banner' },
          { field: 'formats', from: 'text,banner', to: 'banner' },
          { field: 'tags', from: 'news', to: 'news,sports' },
        ],
      },
      { action: 'unchanged', line: 3, id: 's3', name: 'Side' },
    ]);
    expect(planLines(p)).toEqual([
      '~ line 2: ad slot s1 (Top)',
      '    name: Top → Top banner',
      '    formats: text,banner → banner',
      '    tags: news → news,sports',
      'Plan: 1 to update, 1 unchanged.',
    ]);
  });

  it('publications: case-blind status, booleans and languages; requests/uniques ignored; unknown IDs are plan errors', async () => {
    const csv =
      'id,name,type,status,transparent,languages,requests\np1,Café,MOBILE_SITE,pending,yes,"EN,fr",5000\np9,X,MOBILE_SITE,ACTIVE,true,en,\n';
    const p = await plan(publicationBulk, csv, pubs);
    expect(p.rows).toEqual([
      { action: 'unchanged', line: 2, id: 'p1', name: 'Café' },
      { action: 'error', line: 3, id: 'p9', message: 'no publication with this ID in the account' },
    ]);
    expect(planLines(p)).toEqual([
      '! line 3: publication p9: no publication with this ID in the account',
      'Plan: 0 to update, 1 unchanged, 1 not found.',
    ]);
    const changed = await plan(publicationBulk, 'id,status,languages\np1,active,de\n', pubs);
    expect(changed.rows[0]).toMatchObject({
      changes: [
        { field: 'status', from: 'PENDING', to: 'ACTIVE' },
        { field: 'languages', from: 'fr,en', to: 'de' },
      ],
    });
  });

  it('every invalid value of every row in one error, each with its field and line', async () => {
    const csv = 'id,publication,name,formats,tags\ns1,p1,,banner,news\ns2,p9,Game over,popup,legacy\ns3,p2,Side,iab300x250,"a,"\n';
    await expect(plan(adSlotBulk, csv, slots)).rejects.toMatchObject({
      exitCode: 2,
      message:
        'f.csv: 3 invalid values; nothing was sent.\n' +
        '  name (line 2): must not be empty\n' +
        '  formats (line 3): "popup" is not one of banner, text, iab300x250\n' +
        '  tags (line 4): item 2 of "a," is empty',
    });
  });

  it.each([
    ['id,name,colour\ns1,x,red\n', 'unknown column "colour" (line 1)'],
    ['name\nx\n', 'no "id" column'],
    ['id,name\ns1,a\ns1,b\n', 'id (line 3): the same ad slot as line 2'],
    ['id,name\n"s 1",a\n', 'id (line 2): "s 1" is not a valid ID'],
  ])('the file is refused before the state is read: %j', async (csv, message) => {
    const table = await parseCsvText(csv, 'f.csv');
    expect(() => checkUpdateFile(adSlotBulk, table, 'f.csv')).toThrow(message);
  });

  it('values that cannot be sent are refused before the state is read; exported ones the service holds are not', async () => {
    const bad = await parseCsvText('id,name,formats\ns1,x,video\ns2,' + 'n'.repeat(256) + ',banner\n', 'f.csv');
    expect(() => checkUpdateFile(adSlotBulk, bad, 'f.csv')).toThrow(/formats \(line 2\): "video"[\s\S]*name \(line 3\): is 256 characters/);
    // An empty format set and a PENDING status come from the service itself: compared later.
    const emptyFormats = await parseCsvText('id,formats\ns1,\n', 'f.csv');
    const pending = await parseCsvText('id,status\np1,PENDING\n', 'f.csv');
    expect(() => checkUpdateFile(adSlotBulk, emptyFormats, 'f.csv')).not.toThrow();
    expect(() => checkUpdateFile(publicationBulk, pending, 'f.csv')).not.toThrow();
  });

  it('a fixed column that differs is found against the current state', async () => {
    await expect(plan(adSlotBulk, 'id,publication\ns1,p9\n', slots)).rejects.toThrow(
      'publication (line 2): cannot be changed (the service has "p1", the file says "p9")',
    );
  });

  it('type is fixed on a publication', async () => {
    await expect(plan(publicationBulk, 'id,type\np1,IPAD_APP\n', pubs)).rejects.toThrow('type (line 2): cannot be changed');
  });
});
