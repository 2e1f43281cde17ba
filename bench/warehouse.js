// masg sync, measured: one day of the sandbox's scale mode (~200,000 ad slot × country records,
// as bench/export.js) synced into a fresh DuckDB file, and into PostgreSQL through COPY, side by
// side with the baseline `masg pub stats --level adslot --by-country -o csv --out day.csv` for the
// same day, and DuckDB's own load of that CSV (bench/lib/duckdb-load.js: the engine's share of a
// sync, nothing of masg's around it). Every run is a fresh process (wall time from the parent,
// peak RSS and CPU from bench/lib/usage.js); runs are interleaved, medians quoted. Each sync's
// publisher_stats, and the engine's load, must hold exactly the CSV's rows and earnings total, or
// the bench fails.
//
//   node bench/warehouse.js [--records 200000] [--runs 5] [--check]
//     --check  exits 1 when a target is missed (DuckDB ≤ 1.3× the CSV export, PostgreSQL ≤ 1.6×,
//              peak RSS ≤ 250 MB)
//   PostgreSQL is skipped, saying why, when its binaries are not installed.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, measureNode, median, onCleanup, root, runBench, startSandboxProcess, tempDir, wholeOption } from './lib/measure.js';
import { POSTGRES_SKIP, startPostgres } from '../test/warehouse/postgres-server.js';

const TZ = 'America/New_York';
const SEED = 7;
const RECORDS_PER_PUBLICATION = 111.4;
const TARGETS = { duckdb: 1.3, postgres: 1.6, rssMb: 250 };

function reportDay() {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = parts.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - 2)).toISOString().slice(0, 10);
}

/** Rows and exact earnings total (integer cents) of the baseline CSV. */
function csvFacts(file) {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(1);
  let cents = 0n;
  for (const line of lines) {
    const amount = line.split(',')[6];
    const negative = amount.startsWith('-');
    const [whole, frac = ''] = amount.replace('-', '').split('.');
    const v = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
    cents += negative ? -v : v;
  }
  return { rows: lines.length, cents };
}

function sqlFacts(env, db) {
  // The bench's PostgreSQL role is its superuser, which masg sql reads with only under --write.
  const write = db.startsWith('postgres') ? ['--write'] : [];
  const out = execFileSync(
    process.execPath,
    [
      join(root, 'bin', 'masg.cjs'),
      'sql',
      ...write,
      '--db',
      db,
      '-o',
      'csv',
      '--no-header',
      'SELECT count(*), CAST(coalesce(sum(earnings), 0) * 100 AS BIGINT) FROM publisher_stats',
    ],
    { env, encoding: 'utf8' },
  );
  const [rows, cents] = out.trim().split(',');
  return { rows: Number(rows), cents: BigInt(cents) };
}

const fmt = { s: (ms) => `${(ms / 1000).toFixed(2)} s`, mb: (mb) => `${mb.toFixed(0)} MB` };

async function main(argv) {
  if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first.');
  const records = wholeOption(argv, '--records', 200_000);
  const runs = wholeOption(argv, '--runs', 5);
  const day = reportDay();
  const dir = tempDir('masg-bench-warehouse-');
  const publications = Math.max(1, Math.round(records / RECORDS_PER_PUBLICATION));
  const { DEMO } = await import('../dist/sandbox/accounts.js');

  console.log(
    `warehouse: one day (${day}, ${TZ}) of the scale report, ${publications}x5x40, synced by masg sync (Node ${process.version})`,
  );
  const sandbox = await startSandboxProcess(['--scale', `${publications}x5x40`, '--seed', String(SEED)]);
  onCleanup(() => void sandbox.stop());
  let pg;
  if (POSTGRES_SKIP) console.log(`  PostgreSQL: skipped (${POSTGRES_SKIP})`);
  else {
    pg = await startPostgres({ fsync: true });
    onCleanup(() => void pg.stop());
  }
  const env = benchEnv(sandbox.url, DEMO, join(dir, 'config'), { TMPDIR: dir });
  const masg = join(root, 'bin', 'masg.cjs');
  const csv = join(dir, 'day.csv');
  const contenders = {
    csv: {
      label: 'masg pub stats … --out day.csv (baseline)',
      args: () => [masg, 'pub', 'stats', '--date', day, '--tz', TZ, '--level', 'adslot', '--by-country', '-o', 'csv', '--out', csv],
    },
    // The engine's share, no masg around it: DuckDB loading the baseline's day.csv (bench/lib/duckdb-load.js).
    load: {
      label: "DuckDB's own load of day.csv",
      db: () => join(dir, `load-${Date.now()}.duckdb`),
      args: (db) => [join(root, 'bench', 'lib', 'duckdb-load.js'), db, csv, DEMO.email, day],
    },
    duckdb: { label: 'masg sync --db fresh.duckdb', db: () => join(dir, `run-${Date.now()}.duckdb`) },
    ...(pg ? { postgres: { label: 'masg sync --db postgres://… (COPY)', db: () => pg.createDatabase('bench') } } : {}),
  };
  const modes = Object.keys(contenders);
  const samples = Object.fromEntries(modes.map((m) => [m, []]));
  let reference;
  const failures = [];
  for (let round = 0; round <= runs; round++) {
    for (const mode of modes) {
      const c = contenders[mode];
      const db = c.db ? await c.db() : undefined;
      const args = c.args ? c.args(db) : [masg, 'sync', '--db', db, '--from', day, '--to', day, '--tz', TZ];
      const r = await measureNode(args, { env, usageFile: join(dir, `${mode}.usage.json`), label: mode });
      const facts = mode === 'csv' ? csvFacts(csv) : sqlFacts(env, db);
      reference ??= mode === 'csv' ? facts : undefined;
      if (reference && (facts.rows !== reference.rows || facts.cents !== reference.cents)) {
        failures.push(
          `${mode}, round ${round}: ${facts.rows} rows / ${facts.cents} cents, the CSV has ${reference.rows} / ${reference.cents}`,
        );
      }
      if (db && mode !== 'postgres') rmSync(db, { force: true });
      if (round > 0) samples[mode].push(r); // round 0 warms up the sandbox and the file cache
    }
  }
  console.log(
    `  ${reference.rows.toLocaleString('en-US')} records, earnings ${reference.cents / 100n}.${String(reference.cents % 100n).padStart(2, '0')}; ` +
      'every sync holds exactly these rows and this total',
  );
  const base = median(samples.csv.map((s) => s.ms));
  console.log(`\n  ${'run'.padEnd(44)} ${'wall'.padStart(8)} ${'÷ csv'.padStart(6)} ${'CPU'.padStart(8)} ${'peak RSS'.padStart(9)}`);
  const results = {};
  for (const mode of modes) {
    const s = samples[mode];
    const r = { ms: median(s.map((x) => x.ms)), cpuMs: median(s.map((x) => x.cpuMs)), rssMb: median(s.map((x) => x.rssMb)) };
    results[mode] = r;
    console.log(
      `  ${contenders[mode].label.padEnd(44)} ${fmt.s(r.ms).padStart(8)} ${`${(r.ms / base).toFixed(2)}×`.padStart(6)} ${fmt.s(r.cpuMs).padStart(8)} ${fmt.mb(r.rssMb).padStart(9)}`,
    );
  }
  console.log(
    `  (medians of ${runs} runs after one warm-up round, each a fresh process; wall ms per run: ` +
      `${modes.map((m) => `${m} ${samples[m].map((x) => Math.round(x.ms)).join('/')}`).join(', ')})\n`,
  );
  console.log(
    `  The export and DuckDB's own load one after the other: ${((base + results.load.ms) / base).toFixed(2)}× the export; ` +
      `the sync loads while it fetches, so what it takes beyond that is its own.\n`,
  );
  const missed = [];
  const verdict = (label, ok, detail) => {
    if (!ok) missed.push(label);
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(40)} ${detail}`);
  };
  verdict(
    `DuckDB sync ≤ ${TARGETS.duckdb}× the CSV export`,
    results.duckdb.ms / base <= TARGETS.duckdb,
    `${(results.duckdb.ms / base).toFixed(2)}×`,
  );
  verdict(`DuckDB sync peak RSS ≤ ${TARGETS.rssMb} MB`, results.duckdb.rssMb <= TARGETS.rssMb, fmt.mb(results.duckdb.rssMb));
  if (results.postgres) {
    verdict(
      `PostgreSQL sync ≤ ${TARGETS.postgres}× the CSV export`,
      results.postgres.ms / base <= TARGETS.postgres,
      `${(results.postgres.ms / base).toFixed(2)}×`,
    );
    verdict(`PostgreSQL sync peak RSS ≤ ${TARGETS.rssMb} MB`, results.postgres.rssMb <= TARGETS.rssMb, fmt.mb(results.postgres.rssMb));
  }
  verdict("every sync holds the CSV's rows and cents", failures.length === 0, failures.length ? failures.join('; ') : 'yes');
  await sandbox.stop();
  await pg?.stop();
  if (failures.length) return 1;
  return argv.includes('--check') && missed.length ? 1 : 0;
}

await runBench('warehouse', main);
