// The "done when" of bulk: 300 ad slots created from a CSV, edited in the exported CSV, applied
// against the sandbox; the results file accounts for every row, `slot list` shows the edits, and
// applying the same file again sends nothing but the one list call.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { calls, demo, expectOk, parseCsv, startHarness, type Harness } from './harness.js';

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHarness({ latencyMs: [1, 5] });
  dir = mkdtempSync(join(tmpdir(), 'masg-bulk300-'));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const N = 300;
const table = async (path: string) => {
  const [header, ...rows] = await parseCsv(readFileSync(path, 'utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((k, i) => [k, r[i]!])));
};

it(`creates ${N} ad slots from a CSV, updates them all from the edited export, and re-applies as a no-op`, async () => {
  const pub = (await demo(h)).pubs['Zebra Tools']!.id!;
  const create = join(dir, 'new.csv');
  const lines = Array.from(
    { length: N },
    (_, i) => `${pub},Bulk ${String(i).padStart(3, '0')},${i % 2 ? 'banner' : '"banner,text"'},batch`,
  );
  writeFileSync(create, ['publication,name,formats,tags', ...lines].join('\r\n') + '\r\n');
  h.mark();
  const created = await h.masg(['slot', 'create', '--from', create, '--concurrency', '8']);
  expect({ code: created.code, stderr: created.stderr }).toEqual({
    code: 0,
    stderr: `Created ${N} ad slots. Results: ${join(dir, 'new.results.csv')}\n`,
  });
  const made = await table(join(dir, 'new.results.csv'));
  expect(made).toHaveLength(N);
  expect(made.every((r, i) => r.line === String(i + 2) && r.result === 'created' && /^[0-9a-f-]{36}$/.test(r.id!))).toBe(true);
  expect(new Set(made.map((r) => r.id)).size).toBe(N);
  expect(h.sent().filter((r) => r.method === 'POST')).toHaveLength(N);

  // Export, edit the new slots' names and tags in the CSV, apply.
  const edit = join(dir, 'slots.csv');
  const exported = expectOk(await h.masg(['slot', 'list', '--publication', pub, '-o', 'csv'])).stdout;
  writeFileSync(edit, exported.replace(/,Bulk (\d{3}),([^\n]*),batch\n/g, ',Bulk $1 (edited),$2,"batch,edited"\n'));
  const total = exported.trim().split('\n').length - 1;
  expect(total).toBe(N + 1); // the demo's Toolbar stays as it is

  h.mark();
  const started = performance.now();
  const applied = await h.masg(['slot', 'update', '--from', edit]);
  const ms = performance.now() - started;
  expect({ code: applied.code, stderr: applied.stderr }).toEqual({
    code: 0,
    stderr: `Updated ${N} ad slots; 1 unchanged. Results: ${join(dir, 'slots.results.csv')}\n`,
  });
  const sent = calls(h.sent());
  expect(sent.filter(([m]) => m === 'GET')).toEqual([['GET', '/adslot/list.xml', {}]]);
  expect(sent.filter(([m]) => m === 'POST')).toHaveLength(N);
  const results = await table(join(dir, 'slots.results.csv'));
  expect(results).toHaveLength(total);
  expect(results.filter((r) => r.result === 'updated')).toHaveLength(N);
  expect(results.filter((r) => r.result === 'updated').every((r) => r.changed === 'name,tags')).toBe(true);
  expect(new Set(results.map((r) => r.id)).size).toBe(total);

  const listed = JSON.parse(expectOk(await h.masg(['slot', 'list', '--publication', pub, '-o', 'json'])).stdout) as Array<
    Record<string, string>
  >;
  const bulk = listed.filter((s) => s.name!.startsWith('Bulk'));
  expect(bulk).toHaveLength(N);
  expect(bulk.every((s) => s.name!.endsWith(' (edited)') && s.tags === 'batch,edited')).toBe(true);

  h.mark();
  const again = await h.masg(['slot', 'update', '--from', edit]);
  expect({ code: again.code, stderr: again.stderr }).toEqual({
    code: 0,
    stderr: `Updated 0 ad slots; ${total} unchanged. Results: ${join(dir, 'slots.results.csv')}\n`,
  });
  expect(calls(h.sent())).toEqual([['GET', '/adslot/list.xml', {}]]);
  // For the record: how long the 300 updates took at the default concurrency of 4.
  console.log(`bulk: ${N} ad slot updates applied in ${Math.round(ms)} ms`);
});
