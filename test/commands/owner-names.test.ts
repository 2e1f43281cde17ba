// Every ID with its name (issue 20): the publication's name beside a slot's publication ID, the
// advertiser's beside a campaign's, in tables and `view`; machine formats only when --fields
// asks, so exports and `update --from` files keep their header. One list call of the owners,
// cached in Tab's ID cache; none under --dry-run; a failed lookup never fails the command.
import { describe, expect, it } from 'vitest';
import { calls, expectOk, parseCsv, tempDir, useHarness, type DemoIds, type Harness } from './harness.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demoIds) => {
  h = harness;
  ids = demoIds;
});

const TABLE = { tty: true, columns: 400, env: { NO_COLOR: '1' } };
/** A run with a config dir of its own: nothing cached. */
const cold = (env: Record<string, string> = {}) => ({ ...TABLE, env: { ...TABLE.env, MASG_CONFIG_DIR: tempDir(), ...env } });
const cells = (line: string) =>
  line
    .split('│')
    .map((s) => s.trim())
    .filter(Boolean);

/** The table's rows as objects, by header (blank cells included). */
function tableRows(text: string): Array<Record<string, string>> {
  const lines = text.split('\n').filter((l) => l.startsWith('│'));
  const all = (line: string) =>
    line
      .split('│')
      .slice(1, -1)
      .map((s) => s.trim());
  const head = all(lines[0]!);
  return lines.slice(1).map((l) => Object.fromEntries(all(l).map((v, i) => [head[i], v])));
}

const pubName = (id: string) => Object.values(ids.pubs).find((p) => p.id === id)!.name!;

describe('names beside owner IDs', () => {
  it('slot list: every row names its publication, from one list call sent with the list', async () => {
    const run = expectOk(await h.masg(['slot', 'list'], cold()));
    const rows = tableRows(run.stdout);
    expect(rows.length).toBe(Object.keys(ids.slots).length);
    for (const row of rows) expect(row['publication name']).toBe(pubName(row.publication!));
    expect(cells(run.stdout.split('\n')[1]!)).toEqual(['id', 'publication', 'publication name', 'name', 'formats', 'tags']);
    expect(calls(h.sent()).sort()).toEqual([
      ['GET', '/adslot/list.xml', {}],
      ['GET', '/publication/list.xml', {}],
    ]);
  });

  it('csv, tsv, json keep their columns and send no lookup; --fields publicationName asks for it', async () => {
    const csv = await parseCsv(expectOk(await h.masg(['slot', 'list', '-o', 'csv'])).stdout);
    expect(csv[0]).toEqual(['id', 'publication', 'name', 'formats', 'tags']);
    const json = JSON.parse(expectOk(await h.masg(['slot', 'view', ids.slots['Sidebar MPU']!.id!, '-o', 'json'])).stdout);
    expect(Object.keys(json)).not.toContain('publicationName');
    expect(calls(h.sent()).map((c) => c[1])).not.toContain('/publication/list.xml');

    const named = await parseCsv(expectOk(await h.masg(['slot', 'list', '-o', 'csv', '--fields', 'id,publicationName'], cold())).stdout);
    expect(named[0]).toEqual(['id', 'publicationName']);
    for (const [id, name] of named.slice(1)) {
      const slot = Object.values(ids.slots).find((s) => s.id === id)!;
      expect(name).toBe(pubName(slot.publication!));
    }
  });

  it('slot view shows the name under the ID', async () => {
    const slot = ids.slots['Sidebar MPU']!;
    const run = expectOk(await h.masg(['slot', 'view', slot.id!], cold()));
    const lines = run.stdout.split('\n').map(cells);
    const at = lines.findIndex((l) => l[0] === 'publication');
    expect(lines[at]).toEqual(['publication', slot.publication]);
    expect(lines[at + 1]).toEqual(['publication name', pubName(slot.publication!)]);
  });

  it('campaign list and view name the advertiser', async () => {
    const adv = ids.advertisers['Acme Outdoor']!;
    const list = expectOk(await h.masg(['campaign', 'list', adv.id!], cold()));
    const rows = tableRows(list.stdout);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.advertiser).toBe(adv.id);
      expect(row['advertiser name']).toBe('Acme Outdoor');
    }
    const view = expectOk(await h.masg(['campaign', 'view', rows[0]!.id!], cold()));
    expect(view.stdout.split('\n').map(cells)).toContainEqual(['advertiser name', 'Acme Outdoor']);
    const csv = await parseCsv(expectOk(await h.masg(['campaign', 'list', adv.id!, '-o', 'csv'])).stdout);
    expect(csv[0]).not.toContain('advertiserName');
  });

  it('the names are cached: a second table within minutes sends the list call only', async () => {
    const configDir = tempDir();
    const env = { ...TABLE, env: { ...TABLE.env, MASG_CONFIG_DIR: configDir } };
    expectOk(await h.masg(['slot', 'list'], env));
    h.mark();
    const again = expectOk(await h.masg(['slot', 'list'], env));
    expect(calls(h.sent())).toEqual([['GET', '/adslot/list.xml', {}]]);
    expect(tableRows(again.stdout)[0]!['publication name']).not.toBe('');
  });

  it('a failed lookup leaves the names out, says why, and the list still exits 0', async () => {
    h.sandbox.setFaults({ path: '/publication/list', next: ['500', '500', '500', '500', '500'] });
    const run = await h.masg(['slot', 'list', '--retries', '0'], cold());
    h.sandbox.setFaults(undefined);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Could not look up the names of the publications/);
    // The empty name column is the first to go when the table is too wide; here it fits, blank.
    const rows = tableRows(run.stdout);
    expect(rows.length).toBe(Object.keys(ids.slots).length);
    for (const row of rows) expect(row['publication name']).toBe('');
  });

  it('--dry-run describes the list call only: no lookup is sent', async () => {
    const run = expectOk(await h.masg(['slot', 'list', '--dry-run'], cold()));
    expect(run.stderr + run.stdout).toContain('/adslot/list');
    expect(h.sent()).toEqual([]);
  });
});
