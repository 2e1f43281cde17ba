// Tables render in one pass, linear in the rows (issue 11: "a 50k-row table renders within 2×
// the time of the same rows as CSV"). The same rows — shaped like `pub list`'s: a UUID, a name
// (some with accents, CJK and emoji), a type, a status, languages, a URL — go through the real
// writers (dist/output/writer.js) the way a streamed list feeds them (src/command-kit/render.ts:
// batches of rows, write() awaited only when it returns a promise), as:
//   csv                       the baseline: the streaming writer, the cheapest format we have;
//   table, piped (no width)   the box drawing alone, what `-o table | less` costs;
//   table, 120 columns        fitted: unique ID prefixes, cuts with …, dropped columns.
// Output goes to a stream that discards it (no terminal or disk in the figure), the same for
// all. Fairness: one warm-up round of everything first; then rounds of one run each, the order
// rotated every round, so a shared machine's load weighs on all alike; a full garbage
// collection before every run, so no run pays for an earlier one's garbage. Quoted: medians of
// CPU time (user + system, GC threads included: on a shared machine wall time mostly measures
// the neighbours) and of wall time, and their ratio to csv's. Then 10× fewer and 10× more rows
// (the limit of a table lifted for that): per-row time must stay flat (linear).
//
//   node bench/table.js [--rows 50000] [--runs 9] [--check] [--against DIR]
//     --check         exits 1 when a target is missed (table ≤ 2× csv; per-row time at 10× rows ≤ 1.5×)
//     --against DIR   also times DIR's build (another checkout, built) in the same rounds:
//                     before/after figures from one run, under the same load
//   Needs `npx tsc -p tsconfig.json` (dist/).

import { Writable } from 'node:stream';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { median, root } from './lib/measure.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const ROWS = arg('--rows', 50_000);
const RUNS = arg('--runs', 9);
const CHECK = process.argv.includes('--check');
const AGAINST = process.argv.includes('--against') ? process.argv[process.argv.indexOf('--against') + 1] : undefined;
const RATIO_TARGET = 2;
const LINEAR_TARGET = 1.5;
const BATCH = 500; // rows per batch, as a list command receives them page by page

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

/** The output port's own writer registry (formats.js), and the table writer for its lifted row limit. */
const load = async (dir) => {
  const file = (name) => import(pathToFileURL(join(dir, 'dist', 'output', name)).href);
  const [formats, table] = await Promise.all([file('formats.js'), file('table-writer.js')]);
  const [drawn, streamed] = await Promise.all([formats.rowWriterFor('table'), formats.rowWriterFor('csv')]);
  return {
    createTableWriter: table.createTableWriter,
    createRowWriter: (out, cols, s) => (s.format === 'table' ? drawn : streamed)(out, cols, s),
  };
};
const ours = await load(root);
const theirs = AGAINST ? await load(AGAINST) : undefined;

const columns = [
  { key: 'id', priority: 1 },
  { key: 'name', wrap: true, priority: 1 },
  { key: 'type' },
  { key: 'status', priority: 1 },
  { key: 'languages', wrap: true, priority: 3 },
  { key: 'url', wrap: true, priority: 3 },
  { key: 'requests', type: 'int' },
];
const NAMES = [
  'Café Olé Mobile',
  'Nordic News Site',
  '日本語ニュース・デイリー',
  'Weather 😀 Now',
  'Puzzle "Quest", Deluxe Edition for tablets',
];
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

const csv = { format: 'csv', header: true, color: false };
const piped = { format: 'table', header: true, color: false };
const fitted = { format: 'table', header: true, color: false, width: 120 };

/** A writer as a list command drives one; the table's row limit lifted when `unlimited`. */
function writerFor(module, s, unlimited) {
  return (out) =>
    s.format === 'table' && unlimited && module.createTableWriter
      ? module.createTableWriter(out, columns, s, Infinity)
      : module.createRowWriter(out, columns, s);
}

async function drive(writer, rows) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const end = Math.min(rows.length, i + BATCH);
    for (let r = i; r < end; r++) {
      const pending = writer.write(rows[r]);
      if (pending) await pending;
    }
  }
  await writer.end();
}

/** One run: CPU and wall milliseconds. */
async function time(make, rows) {
  gc();
  const out = sink();
  const writer = make(out);
  const t0 = process.cpuUsage();
  const w0 = process.hrtime.bigint();
  await drive(writer, rows);
  const wall = Number(process.hrtime.bigint() - w0) / 1e6;
  const used = process.cpuUsage(t0);
  if (out.bytes() === 0) throw new Error('nothing was written');
  return { cpu: (used.user + used.system) / 1000, wall };
}

/** Interleaved rounds, the order rotated each round, after one warm-up round; medians. */
async function rounds(cases, rows, runs) {
  const names = Object.keys(cases);
  for (const name of names) await time(cases[name], rows);
  const got = Object.fromEntries(names.map((n) => [n, { cpu: [], wall: [] }]));
  for (let r = 0; r < runs; r++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(r + j) % names.length];
      const t = await time(cases[name], rows);
      got[name].cpu.push(t.cpu);
      got[name].wall.push(t.wall);
    }
  }
  return Object.fromEntries(names.map((n) => [n, { cpu: median(got[n].cpu), wall: median(got[n].wall) }]));
}

const fmt = (ms) => `${ms.toFixed(1).padStart(8)} ms`;
const rows = makeRows(ROWS);
let failed = false;

const cases = {
  csv: writerFor(ours, csv, true),
  'table, piped': writerFor(ours, piped, true),
  'table, 120 cols': writerFor(ours, fitted, true),
};
if (theirs) {
  cases['table, piped [against]'] = writerFor(theirs, piped);
  cases['table, 120 cols [against]'] = writerFor(theirs, fitted);
}
const main = await rounds(cases, rows, RUNS);
console.log(`${ROWS} rows, ${RUNS} interleaved runs each, medians (CPU time; wall time):`);
if (AGAINST) console.log(`  [against] = ${AGAINST}`);
for (const [name, m] of Object.entries(main)) {
  const ratio = m.cpu / main.csv.cpu;
  const wallRatio = m.wall / main.csv.wall;
  const mine = !name.includes('[against]');
  if (name !== 'csv' && mine && ratio > RATIO_TARGET) failed = true;
  const verdict = name === 'csv' ? '' : `  target ≤ ${RATIO_TARGET}×${mine ? (ratio <= RATIO_TARGET ? ': met' : ': MISSED') : ''}`;
  console.log(
    `  ${name.padEnd(26)} cpu ${fmt(m.cpu)} ${ratio.toFixed(2).padStart(5)}× csv;  wall ${fmt(m.wall)} ${wallRatio.toFixed(2).padStart(5)}× csv${verdict}`,
  );
}

// Growth: the same comparison at 10× fewer and 10× more rows. The table's limit (TABLE_ROW_LIMIT)
// is lifted here so 10× the rows still draws: the drawing must not slow down per row.
const sizes = [Math.round(ROWS / 10), ROWS, ROWS * 10];
console.log(`\nGrowth, CPU-time medians (fewer runs at ${sizes[2]} rows):`);
const perRow = new Map();
for (const n of sizes) {
  const data = n === ROWS ? rows : makeRows(n);
  const runs = n > ROWS ? Math.max(3, Math.ceil(RUNS / 3)) : RUNS;
  const m = await rounds({ csv: writerFor(ours, csv, true), table: writerFor(ours, fitted, true) }, data, runs);
  perRow.set(n, (m.table.cpu * 1000) / n);
  console.log(
    `  ${String(n).padStart(8)} rows  csv ${fmt(m.csv.cpu)}  table (120 cols) ${fmt(m.table.cpu)}  ${(m.table.cpu / m.csv.cpu).toFixed(2)}× csv  ${perRow.get(n).toFixed(2).padStart(5)} µs/row`,
  );
}
const tenfold = perRow.get(sizes[2]) / perRow.get(sizes[1]);
const tenth = perRow.get(sizes[1]) / perRow.get(sizes[0]);
console.log(
  `  table per-row time: ${sizes[1]} / ${sizes[0]} rows ${tenth.toFixed(2)}×; ${sizes[2]} / ${sizes[1]} rows ${tenfold.toFixed(2)}× (target ≤ ${LINEAR_TARGET}×: linear)`,
);
if (tenfold > LINEAR_TARGET) failed = true;
if (CHECK && failed) {
  console.error('bench table: a target was missed');
  process.exitCode = 1;
}
