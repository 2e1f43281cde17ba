// Tables render in one pass, linear in the rows (issue 11). The same rows — shaped like `pub
// list`'s: a UUID, a name (some with accents, CJK and emoji), a type, a status, languages, a
// URL — go through the real output module (dist/output/index.js renderRows) as:
//   csv                       the baseline: the streaming writer, the cheapest format we have;
//   table, piped (no width)   the box drawing alone, what `-o table | less` costs;
//   table, 120 columns        fitted: unique ID prefixes, cuts with …, dropped columns.
// Output goes to a stream that discards it (no terminal or disk in the figure). Runs are
// interleaved (one of each per round) so a shared machine's load weighs on all alike; medians
// are quoted. Then the fitted table at 100× and 10× fewer and 10× more rows: per-row time must
// stay flat (linear), where cli-table3's layout grew with the square of the rows.
//
// Times are the process's CPU time (see time()).
//
//   node bench/table.js [--rows 50000] [--runs 7] [--check]
//     --check   exits 1 when a target is missed (table ≤ 2× csv; per-row time at 10× rows ≤ 1.5×)
//   Needs `npx tsc -p tsconfig.json` (dist/).

import { Writable } from 'node:stream';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, root } from './lib/measure.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const ROWS = arg('--rows', 50_000);
const RUNS = arg('--runs', 7);
const CHECK = process.argv.includes('--check');
const RATIO_TARGET = 2;
const LINEAR_TARGET = 1.5;

const { renderRows } = await import(pathToFileURL(join(root, 'dist', 'output', 'index.js')).href);

const columns = [
  { key: 'id', priority: 1 },
  { key: 'name', wrap: true, priority: 1 },
  { key: 'type' },
  { key: 'status', priority: 1 },
  { key: 'languages', wrap: true, priority: 3 },
  { key: 'url', wrap: true, priority: 3 },
  { key: 'requests', type: 'int' },
];
const NAMES = ['Café Olé Mobile', 'Nordic News Site', '日本語ニュース・デイリー', 'Weather 😀 Now', 'Puzzle "Quest", Deluxe Edition for tablets'];
const TYPES = ['MOBILE_SITE', 'ANDROID_APP', 'IPHONE_APP', 'OTHER_APP'];
const STATUSES = ['ACTIVE', 'PAUSED', 'PENDING', 'STOPPED'];

/** Deterministic rows (a linear congruential generator): the same data on every run. */
function makeRows(n) {
  let x = 12345;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
  const hex = (len) => {
    let s = '';
    while (s.length < len) s += next().toString(16).padStart(8, '0');
    return s.slice(0, len);
  };
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      id: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
      name: `${NAMES[i % NAMES.length]} ${i}`,
      type: TYPES[i % TYPES.length],
      status: STATUSES[i % STATUSES.length],
      languages: i % 3 ? 'en,de,fr' : '',
      url: i % 2 ? `https://example.com/apps/${i}/a-rather-long-path/index.html` : '',
      requests: String(next() % 100000),
    });
  }
  // Flat strings, as a parser hands them over (template literals make ropes that every reader
  // would flatten on first use, a cost no real row has).
  return JSON.parse(JSON.stringify(rows));
}

function sink() {
  let bytes = 0;
  const out = new Writable({
    write(chunk, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  out.bytes = () => bytes;
  return out;
}

const settings = {
  csv: { format: 'csv', header: true, color: false },
  'table, piped': { format: 'table', header: true, color: false },
  'table, 120 cols': { format: 'table', header: true, color: false, width: 120 },
};

// CPU time of this process (user + system, GC threads included), not wall time: on a shared
// machine (load 9 on 2 cores while this was written) wall time mostly measures the neighbours.
async function time(rows, s) {
  const out = sink();
  const t0 = process.cpuUsage();
  await renderRows(out, columns, rows, s);
  const used = process.cpuUsage(t0);
  if (out.bytes() === 0) throw new Error('nothing was written');
  return (used.user + used.system) / 1000;
}

const rows = makeRows(ROWS);
const results = Object.fromEntries(Object.keys(settings).map((k) => [k, []]));
await time(rows.slice(0, 2000), settings['table, 120 cols']); // load modules and warm up once
for (let r = 0; r < RUNS; r++) for (const [name, s] of Object.entries(settings)) results[name].push(await time(rows, s));

const csv = median(results.csv);
console.log(`${ROWS} rows, ${RUNS} runs each, medians of CPU time:`);
let failed = false;
for (const [name, ms] of Object.entries(results)) {
  const m = median(ms);
  const ratio = m / csv;
  const target = name === 'csv' ? '' : `  (target ≤ ${RATIO_TARGET}×)`;
  if (name !== 'csv' && ratio > RATIO_TARGET) failed = true;
  console.log(`  ${name.padEnd(16)} ${m.toFixed(1).padStart(8)} ms  ${ratio.toFixed(2)}× csv${target}`);
}

console.log(`\nGrowth of the fitted table (120 columns), µs per row, medians of ${RUNS}:`);
const sizes = [ROWS / 100, ROWS / 10, ROWS, ROWS * 10].map(Math.round);
const perRow = new Map();
for (const n of sizes) {
  const data = n === ROWS ? rows : makeRows(n);
  const runs = n > ROWS ? Math.max(3, Math.ceil(RUNS / 2)) : RUNS;
  const ms = [];
  for (let r = 0; r < runs; r++) ms.push(await time(data, settings['table, 120 cols']));
  perRow.set(n, (median(ms) * 1000) / n);
  const growth = perRow.get(n) / perRow.get(sizes[0]);
  console.log(`  ${String(n).padStart(8)} rows ${median(ms).toFixed(1).padStart(9)} ms  ${perRow.get(n).toFixed(2).padStart(6)} µs/row  ${growth.toFixed(2)}× the smallest's per-row time`);
}
const tenfold = perRow.get(sizes[3]) / perRow.get(sizes[2]);
console.log(`  per-row time at ${sizes[3]} rows / at ${sizes[2]}: ${tenfold.toFixed(2)}× (target ≤ ${LINEAR_TARGET}×: linear)`);
if (tenfold > LINEAR_TARGET) failed = true;
if (CHECK && failed) {
  console.error('bench table: a target was missed');
  process.exitCode = 1;
}
