// masg sync over a range: the first sync of a mid-size account (about 33,000 ad slot × country
// rows a day) for 7, 30 and 90 days into a fresh DuckDB file. A sync holds two days at a time and
// DuckDB's memory is capped by its settings (src/warehouse/sync-duckdb-settings.ts), so its peak
// RSS must not grow with the range (target, issue 36: the last range within 1.15× of the first, and
// at most 400 MB), and its time must stay linear in the rows. No process trick: plain `node bin/masg.cjs`. Each figure is printed beside its baseline: the 7-day run for memory, and
// rows per second of the 7-day run for time. Each sync's tables must hold exactly the rows its
// state records.
//
//   node bench/sync-range.js [--days 7,30,90] [--scale 1] [--check]
//     --scale 10  ten times the rows a day (about 330,000): the "10× data" run
//     --check     exits 1 when a target is missed

import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, measureNode, onCleanup, root, runBench, startSandboxProcess, tempDir } from './lib/measure.js';

const TZ = 'America/New_York';
const SEED = 7;
/** Rows a day of one publication of the scale mode (5 slots × 40 countries; bench/warehouse.js). */
const RECORDS_PER_PUBLICATION = 111.4;
const MID_SIZE_ROWS = 33_000;
const TARGETS = { rssMb: 400, rssVsFirst: 1.15, timeVsLinear: 1.25 };

function listOption(argv, name, fallback) {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const xs = argv[i + 1].split(',').map(Number);
  if (xs.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`${name} needs whole numbers, got "${argv[i + 1]}"`);
  return xs;
}

function sql(env, db, query) {
  const out = execFileSync(process.execPath, [join(root, 'bin', 'masg.cjs'), 'sql', '--db', db, '-o', 'csv', '--no-header', query], {
    env,
    encoding: 'utf8',
  });
  return out.trim();
}

const fmt = { s: (ms) => `${(ms / 1000).toFixed(1)} s`, mb: (mb) => `${mb.toFixed(0)} MB` };

async function main(argv) {
  if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first.');
  const ranges = listOption(argv, '--days', [7, 30, 90]);
  const [scale] = listOption(argv, '--scale', [1]);
  const publications = Math.round((MID_SIZE_ROWS * scale) / RECORDS_PER_PUBLICATION);
  const dir = tempDir('masg-bench-sync-range-');
  const { DEMO } = await import('../dist/sandbox/accounts.js');
  console.log(
    `sync-range: first syncs of ${ranges.join(', ')} days of a ${scale === 1 ? 'mid-size' : `${scale}× mid-size`} account ` +
      `(${publications}x5x40, ~${(MID_SIZE_ROWS * scale).toLocaleString('en-US')} rows a day) into a fresh DuckDB file (Node ${process.version})`,
  );
  const sandbox = await startSandboxProcess(['--scale', `${publications}x5x40`, '--seed', String(SEED)]);
  onCleanup(() => void sandbox.stop());
  const env = benchEnv(sandbox.url, DEMO, join(dir, 'config'), { TMPDIR: dir });
  const masg = join(root, 'bin', 'masg.cjs');
  const results = [];
  const failures = [];
  for (const days of ranges) {
    const db = join(dir, `range-${days}.duckdb`);
    const args = [masg, 'sync', '--db', db, '--from', `-${days + 1}d`, '--to', '-2d', '--tz', TZ];
    const r = await measureNode(args, {
      env,
      usageFile: join(dir, `range-${days}.usage.json`),
      label: `${days} days`,
      timeoutMs: 3_600_000,
    });
    const [recorded, held, synced] = sql(
      env,
      db,
      'SELECT (SELECT sum(publisher_rows + campaign_rows) FROM masg_sync_days), ' +
        '(SELECT count(*) FROM publisher_stats) + (SELECT count(*) FROM campaign_stats), (SELECT count(*) FROM masg_sync_days)',
    )
      .split(',')
      .map(Number);
    if (recorded !== held || synced !== days)
      failures.push(`${days} days: ${synced} days recorded, ${recorded} rows recorded, ${held} held`);
    results.push({ days, rows: held, ...r });
    rmSync(db, { force: true });
  }
  const base = results[0];
  const baseRate = base.rows / base.ms;
  console.log(
    `\n  ${'range'.padEnd(8)} ${'rows'.padStart(11)} ${'wall'.padStart(8)} ${'rows/s'.padStart(9)} ${'÷ linear'.padStart(9)} ${'peak RSS'.padStart(9)} ${'÷ first'.padStart(8)}`,
  );
  for (const r of results) {
    const linear = r.ms / (r.rows / baseRate);
    console.log(
      `  ${`${r.days} days`.padEnd(8)} ${r.rows.toLocaleString('en-US').padStart(11)} ${fmt.s(r.ms).padStart(8)} ` +
        `${Math.round((r.rows / r.ms) * 1000)
          .toLocaleString('en-US')
          .padStart(
            9,
          )} ${`${linear.toFixed(2)}×`.padStart(9)} ${fmt.mb(r.rssMb).padStart(9)} ${`${(r.rssMb / base.rssMb).toFixed(2)}×`.padStart(8)}`,
    );
  }
  console.log(`  (one fresh process per range; baselines: the first range's rows/s for time and its peak RSS for memory)\n`);
  const missed = [];
  const verdict = (label, ok, detail) => {
    if (!ok) missed.push(label);
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(44)} ${detail}`);
  };
  const last = results[results.length - 1];
  verdict(
    `${last.days}-day sync peak RSS ≤ ${TARGETS.rssMb} MB`,
    last.rssMb <= TARGETS.rssMb,
    `${fmt.mb(last.rssMb)} (first: ${fmt.mb(base.rssMb)})`,
  );
  verdict(
    `${last.days}-day peak RSS ≤ ${TARGETS.rssVsFirst}× the ${base.days}-day's`,
    last.rssMb <= base.rssMb * TARGETS.rssVsFirst,
    `${(last.rssMb / base.rssMb).toFixed(2)}×`,
  );
  const slowest = Math.max(...results.map((r) => r.ms / (r.rows / baseRate)));
  verdict(`time linear in rows (≤ ${TARGETS.timeVsLinear}× the first's rate)`, slowest <= TARGETS.timeVsLinear, `${slowest.toFixed(2)}×`);
  verdict('every sync holds exactly the rows its state records', failures.length === 0, failures.length ? failures.join('; ') : 'yes');
  await sandbox.stop();
  if (failures.length) return 1;
  return argv.includes('--check') && missed.length ? 1 : 0;
}

await runBench('sync-range', main);
