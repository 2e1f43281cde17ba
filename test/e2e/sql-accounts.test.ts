// `masg sql` over a warehouse of several accounts: the cross-account queries docs/warehouse.md
// shows run as written on DuckDB and on PostgreSQL, with the same answer; a profile list is
// refused (exit 2) saying that the statement chooses the accounts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../commands/harness.js';
import { duckPath } from '../warehouse/helpers.js';
import { pinnedRange, startAccounts, type Accounts } from '../warehouse/accounts.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

/** The `masg sql "…"` statements of the docs' "Queries across accounts" section. */
function documentedQueries(): string[] {
  const doc = readFileSync(new URL('../../docs/warehouse.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### Queries across accounts'), doc.indexOf('## `masg sql`'));
  return [...section.matchAll(/^masg sql "([^"]+)"/gm)].map((m) => m[1]!.replace(/\n\s*/g, ' '));
}

let A: Accounts;
let pg: { createDatabase(): Promise<string>; stop(): Promise<void> } | undefined;
const dbs: string[] = [];
beforeAll(async () => {
  [A, pg] = await Promise.all([startAccounts(), POSTGRES_SKIP ? undefined : startPostgres()]);
  dbs.push(duckPath());
  if (pg) dbs.push(await pg.createDatabase());
  const range = pinnedRange(4, 2); // the same days in both, whatever midnight passes between the syncs
  for (const db of dbs) expect((await A.masg(['sync', '--db', db, '--profile', 'kiri,la,berlin', ...range])).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await A.h.close();
  await pg?.stop();
  removeTempDirs();
});

describe('masg sql across accounts', () => {
  const queries = documentedQueries();

  it('the docs show several queries across accounts', () => {
    expect(queries.length).toBeGreaterThanOrEqual(4);
  });

  it.each(queries.map((q, i) => [i + 1, q]))('docs query %i runs as written, with one answer on every engine', async (_n, query) => {
    const answers = new Set<string>();
    for (const db of dbs) {
      // The test server's role is a superuser, which masg sql refuses without --write.
      const run = await A.masg(['sql', '--db', db, '-o', 'csv', ...(db.startsWith('postgres') ? ['--write'] : []), query as string]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout.split('\n').length).toBeGreaterThan(3);
      answers.add(run.stdout);
    }
    expect(answers.size).toBe(1);
  });

  it('sees all three accounts, the twins with the same publication IDs', async () => {
    const run = await A.masg([
      'sql',
      '--db',
      dbs[0]!,
      '-o',
      'csv',
      '--no-header',
      'SELECT count(DISTINCT account), count(DISTINCT id), count(*) FROM publications',
    ]);
    const [accounts, ids, rows] = run.stdout.trim().split(',').map(Number);
    expect(accounts).toBe(3);
    expect(ids).toBeLessThan(rows!);
  });

  it.each([
    ['--profile a,b', ['--profile', 'kiri,la'], {}],
    ['--all-profiles', ['--all-profiles'], {}],
    ['MASG_PROFILE=a,b', [], { MASG_PROFILE: 'kiri,la' }],
  ])('%s is refused (exit 2): the statement chooses the accounts', async (_what, flags, env) => {
    const run = await A.masg(['sql', '--db', dbs[0]!, ...flags, 'SELECT 1'], { env });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('masg sql reads every account of the warehouse');
    expect(run.stderr).toContain('WHERE account IN');
  });
});
