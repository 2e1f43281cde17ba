// masg sql streaming, measured: every row of a warehouse table to CSV, by `masg sql -o csv`
// (stdout to a file) and `masg sql --out FILE`, side by side with the baseline: DuckDB's own
// `COPY (query) TO 'file' (HEADER)` of the same query in a fresh Node process with the same
// DuckDB budget (bench/lib/duckdb-copy.js; masg refuses COPY without --write). `--out` is DuckDB's
// COPY into the file's temporary name; `-o csv` is DuckDB's text of each value, encoded by masg's
// writer from the chunks' bytes (src/output/format/text-bytes.ts). 10,000,000 rows, and 10× fewer
// to show that time grows linearly and memory does not grow. Every run is a fresh process (wall
// time from the parent, peak RSS and CPU from bench/lib/usage.js); runs are interleaved, medians
// quoted. masg's CSV must be byte for byte DuckDB's, or the bench fails. Beside them, not judged:
// DuckDB's Node client streaming the same text result and writing nothing (bench/lib/duckdb-stream.js),
// the memory any reader of that stream holds, masg or not.
//
//   node bench/sql.js [--rows 10000000] [--runs 3] [--sizes 1000000,10000000] [--check]
//     --check  exits 1 when a target is missed at --rows (≤ 1.25× COPY, peak RSS ≤ 250 MB)

import { createHash } from 'node:crypto';
import { createReadStream, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { measureNode, median, root, runBench, tempDir, wholeOption } from './lib/measure.js';

const TARGETS = { copy: 1.25, rssMb: 250 };
const QUERY = 'SELECT * FROM stats';

/** A warehouse-shaped table (dates, IDs, a country, BIGINT counts, DECIMAL earnings) of `rows` rows. */
async function makeWarehouse(file, rows) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  await conn.run(
    "CREATE TABLE stats AS SELECT DATE '2026-01-01' + (i % 90)::INTEGER AS date, 'pub-' || (i % 5000) AS publication_id, " +
      "'slot-' || (i % 20000) AS adslot_id, ['US', 'FR', 'DE', 'JP'][(i % 4) + 1] AS country, i % 100000 AS requests, " +
      `i % 50000 AS impressions, i % 700 AS clicks, ((i % 100000) / 100)::DECIMAL(18,2) AS earnings FROM range(${rows}) t(i)`,
  );
  conn.closeSync();
  instance.closeSync();
}

function sha256(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

const fmt = { s: (ms) => `${(ms / 1000).toFixed(2)} s`, mb: (mb) => `${mb.toFixed(0)} MB` };

async function measureSize(dir, rows, runs) {
  const db = join(dir, `stats-${rows}.duckdb`);
  await makeWarehouse(db, rows);
  const masg = join(root, 'bin', 'masg.cjs');
  const out = join(dir, 'out.csv');
  const contenders = {
    copy: { label: "DuckDB's COPY (query) TO 'file'", args: [join(root, 'bench', 'lib', 'duckdb-copy.js'), db, out, QUERY] },
    stdout: { label: 'masg sql -o csv > file', args: [masg, 'sql', '--db', db, '-o', 'csv', QUERY], stdoutFile: out },
    out: { label: 'masg sql --out file.csv', args: [masg, 'sql', '--db', db, '--out', out, QUERY] },
    // Not a contender: the memory any reader of the client's stream holds (bench/lib/duckdb-stream.js).
    client: {
      label: "DuckDB's client streaming it, no output",
      args: [join(root, 'bench', 'lib', 'duckdb-stream.js'), db, QUERY],
      floor: true,
    },
  };
  const modes = Object.keys(contenders);
  const samples = Object.fromEntries(modes.map((m) => [m, []]));
  const env = { ...process.env, NO_COLOR: '1' };
  const hashes = {};
  for (let round = 0; round <= runs; round++) {
    for (const mode of modes) {
      const c = contenders[mode];
      const r = await measureNode(c.args, {
        env,
        usageFile: join(dir, `${mode}.usage.json`),
        label: mode,
        // 180 s per 2,000,000 rows: a loaded machine is slow, not wrong.
        timeoutMs: Math.max(180_000, (rows / 2_000_000) * 180_000),
        stdoutFile: c.stdoutFile ?? '/dev/null',
      });
      if (round === 0 && !c.floor) hashes[mode] = await sha256(out);
      rmSync(out, { force: true });
      if (round > 0) samples[mode].push(r); // round 0 warms up the file cache
    }
  }
  rmSync(db, { force: true });
  const results = {};
  for (const mode of modes) {
    const s = samples[mode];
    results[mode] = {
      label: contenders[mode].label,
      ms: median(s.map((x) => x.ms)),
      cpuMs: median(s.map((x) => x.cpuMs)),
      rssMb: median(s.map((x) => x.rssMb)),
    };
  }
  const sameBytes = modes.every((m) => contenders[m].floor || hashes[m] === hashes.copy);
  return { results, sameBytes, walls: Object.fromEntries(modes.map((m) => [m, samples[m].map((x) => Math.round(x.ms))])) };
}

async function main(argv) {
  if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first.');
  const rows = wholeOption(argv, '--rows', 10_000_000);
  const runs = wholeOption(argv, '--runs', 3);
  const dir = tempDir('masg-bench-sql-');
  console.log(`sql: every row of an 8-column warehouse table to CSV, masg sql against DuckDB's COPY … TO (Node ${process.version})`);
  let missed = [];
  let failed = false;
  const perRow = [];
  const sizes = argv.includes('--sizes') ? argv[argv.indexOf('--sizes') + 1].split(',').map(Number) : [rows / 10, rows];
  for (const size of sizes.map(Math.round)) {
    const { results, sameBytes, walls } = await measureSize(dir, size, size > rows ? 1 : runs);
    const base = results.copy.ms;
    console.log(`\n  ${size.toLocaleString('en-US')} rows`);
    console.log(`  ${'run'.padEnd(40)} ${'wall'.padStart(8)} ${'÷ COPY'.padStart(7)} ${'CPU'.padStart(8)} ${'peak RSS'.padStart(9)}`);
    for (const r of Object.values(results)) {
      console.log(
        `  ${r.label.padEnd(40)} ${fmt.s(r.ms).padStart(8)} ${`${(r.ms / base).toFixed(2)}×`.padStart(7)} ${fmt.s(r.cpuMs).padStart(8)} ${fmt.mb(r.rssMb).padStart(9)}`,
      );
    }
    console.log(
      `  (medians of ${size > rows ? 1 : runs} runs after a warm-up; wall ms: ${Object.entries(walls)
        .map(([m, w]) => `${m} ${w.join('/')}`)
        .join(', ')})`,
    );
    if (!sameBytes) {
      failed = true;
      console.log("  FAIL  masg sql's CSV differs from COPY's");
    }
    perRow.push({ size, ms: results.stdout.ms, copyMs: base, rssMb: Math.max(results.stdout.rssMb, results.out.rssMb) });
    if (size >= rows) {
      const verdict = (label, ok, detail) => {
        if (!ok) missed.push(label);
        console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(60)} ${detail}`);
      };
      for (const mode of ['stdout', 'out']) {
        const r = results[mode];
        const at = `${r.label}, ${size.toLocaleString('en-US')} rows`;
        verdict(`${at} ≤ ${TARGETS.copy}× COPY`, r.ms / base <= TARGETS.copy, `${(r.ms / base).toFixed(2)}×`);
        verdict(`${at} peak RSS ≤ ${TARGETS.rssMb} MB`, r.rssMb <= TARGETS.rssMb, fmt.mb(r.rssMb));
      }
    }
  }
  // Time per extra row between sizes (start-up cancels out): flat when growth is linear.
  const slopes = perRow.slice(1).map((p, i) => {
    const q = perRow[i];
    const us = (p.ms - q.ms) * 1000;
    return `${q.size.toLocaleString('en-US')}→${p.size.toLocaleString('en-US')}: ${(us / (p.size - q.size)).toFixed(2)} µs/row (COPY ${(((p.copyMs - q.copyMs) * 1000) / (p.size - q.size)).toFixed(2)})`;
  });
  console.log(`\n  growth of masg sql -o csv: ${slopes.join('; ')}; peak RSS ${perRow.map((p) => fmt.mb(p.rssMb)).join(' / ')}`);
  if (failed) return 1;
  return argv.includes('--check') && missed.length ? 1 : 0;
}

await runBench('sql', main);
