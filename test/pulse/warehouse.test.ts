// The pulse from a `masg sync` warehouse: the same findings as from the service, and not one
// statistics request; a warehouse that lacks a day of the range is said and the service read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

let h: PulseHarness;
let db: string;
beforeAll(async () => {
  h = await startPulseHarness();
  await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
  await h.sandbox.incident({ kind: 'earnings-drop', id: h.ids.publication, day: DAY, factor: 0.4 });
  await h.sandbox.incident({ kind: 'overspend', id: h.ids.campaign, day: DAY, factor: 4 });
  db = join(tempDir('masg-pulse-wh-'), 'stats.duckdb');
  const sync = await h.masg(['sync', '--db', db, '--from', '2024-06-07', '--to', DAY, '--quiet']);
  expect(sync.stderr).toBe('');
  expect(sync.code).toBe(0);
}, 60_000);
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

test('--db holding the range: the same report as live, and no statistics request', async () => {
  const live = await h.pulse();
  expect(live.run.code).toBe(9);
  h.mark();
  const stored = await h.pulse(['--db', db]);
  expect(stored.run.stderr).toMatch(/exit 9/);
  expect(stored.run.code).toBe(9);
  expect(h.sent().filter((r) => r.path.includes('statistics'))).toEqual([]);
  expect(h.sent()).toEqual([]); // names and budgets come from the warehouse's snapshots too
  expect(stored.report.findings).toEqual(live.report.findings);
  expect(stored.report.publisher).toEqual(live.report.publisher);
  expect(stored.report.publications).toEqual(live.report.publications);
  expect(stored.report.movers).toEqual(live.report.movers);
  // What a campaign spent since its start is known live (one request); the warehouse starts later.
  const withoutToDate = (r: typeof live.report) => r.campaigns.map((c) => ({ ...c, spentToDate: null }));
  expect(withoutToDate(stored.report)).toEqual(withoutToDate(live.report));
  expect(stored.report.findings.map((f) => f.kind).sort()).toEqual(expect.arrayContaining(['budget', 'drop', 'outage']));
});

test('a check that could not run from the warehouse is named: JSON, terminal and page (issue 29 #2)', async () => {
  const live = await h.pulse();
  expect(live.report.unchecked).toEqual([]);
  const page = join(tempDir(), 'pulse.html');
  const stored = await h.pulse(['--db', db, '--html', page]);
  expect(stored.report.unchecked).toEqual([
    {
      check: 'overall_budget',
      entity: 'campaign',
      id: h.ids.campaign,
      name: 'Spring Sale',
      why: expect.stringMatching(/^the warehouse starts on 2024-06-07, after the campaign's start \d{4}-\d{2}-\d{2}$/),
    },
  ]);
  const screen = await h.masg(['pulse', '--date', DAY, '--db', db]);
  expect(screen.stdout).toMatch(/not checked: the overall budget of Campaign "Spring Sale": the warehouse starts on 2024-06-07/);
  const html = readFileSync(page, 'utf8');
  expect(html).toMatch(/Not checked:<\/span> the overall budget of campaign <span data-key="unchecked.0.name">Spring Sale<\/span>/);
});

test('the two budget alerts are told apart: `budget` says daily or overall, in JSON and on the screen (issue 29 #3)', async () => {
  const { report } = await h.pulse();
  const daily = report.findings.find((f) => f.kind === 'budget')!;
  expect(daily).toMatchObject({ metric: 'spend', budget: 'daily', baseline: '1000.00' });
  expect(report.findings.filter((f) => f.kind !== 'budget').every((f) => f.budget === null)).toBe(true);
});

test('MASG_DB names the warehouse as --db does', async () => {
  h.mark();
  const { run } = await h.pulse([], { env: { MASG_DB: db } });
  expect(run.code).toBe(9);
  expect(h.sent()).toEqual([]);
});

test('a warehouse without every day of the range: said on stderr, the service is read', async () => {
  h.mark();
  const { run, report } = await h.pulse(['--db', db, '--baseline', '14']);
  expect(run.stderr).toContain(`does not hold the range (it holds 8 of the 15 days 2024-05-31 to ${DAY})`);
  expect(report.baselineDays).toBe(14);
  expect(h.sent().filter((r) => r.path.startsWith('/publication/statistics'))).toHaveLength(15);
});

test('a warehouse file that does not exist: said, the service is read', async () => {
  const { run } = await h.pulse(['--db', join(tempDir(), 'none.duckdb')]);
  expect(run.stderr).toMatch(/does not exist; reading the service/);
  expect(run.code).toBe(9);
});

test.skipIf(POSTGRES_SKIP !== undefined)(
  `PostgreSQL holding the range: the same findings, no request${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`,
  async () => {
    const pg = (await startPostgres()) as { createDatabase(): Promise<string>; stop(): Promise<void> };
    try {
      const url = await pg.createDatabase();
      const sync = await h.masg(['sync', '--db', url, '--from', '2024-06-07', '--to', DAY, '--quiet']);
      expect(sync.code).toBe(0);
      const live = await h.pulse();
      h.mark();
      const stored = await h.pulse(['--db', url]);
      expect(stored.run.code).toBe(9);
      expect(h.sent()).toEqual([]);
      expect(stored.report.findings).toEqual(live.report.findings);
      expect(stored.report.publisher).toEqual(live.report.publisher);
    } finally {
      await pg.stop();
    }
  },
  90_000,
);
