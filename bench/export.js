// The statistics export, end to end: `masg pub stats --level adslot --by-country -o csv --out F`
// for one day of the sandbox's scale mode (~200,000 ad slot × country records), side by side with
//   (a) a minimal loop: undici request → saxes streaming parse → the same CSV (the honest floor),
//   (b) the whole body as a string → fast-xml-parser tree → the same CSV (the naive client),
// then masg (and the loop) again on a ~1,000,000-record report to show that memory stays flat.
//
// The sandbox runs in its own process (its CPU and memory are not the client's); every run is a
// fresh child process whose wall time the parent measures and whose peak RSS (getrusage) and CPU
// time it reports itself (bench/lib/usage.js). Runs are interleaved (one of each per round) so
// that the load of a shared machine weighs on every contender alike; medians are quoted. The three
// CSVs must be identical, byte for byte, or the bench fails. Needs `npx tsc -p tsconfig.json`.
//
//   node bench/export.js [--records 200000] [--runs 5] [--big 1000000] [--big-runs 3] [--check]
//     --big 0   skips the flat-memory part
//     --check   exits 1 when a target is missed (issue 4: ≤ 1.3× the loop, < 200 MB, flat memory)
//   Exits 1 whenever a run does not write the complete CSV (checked on every run, targets or not).

import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureNode, median, root, runBench, startSandboxProcess, tempDir } from './lib/measure.js';

const HEADER = 'publication,adslot,country,requests,impressions,clicks,earnings,currency\n';
const TZ = 'America/New_York'; // the demo account's zone: stamps are read in it
/** Records per scale publication (5 slots × 40 countries, about 56 % of the pairs have traffic). */
const RECORDS_PER_PUBLICATION = 111.4;
const SEED = 7;
const RSS_TARGET_MB = 200;
const RATIO_TARGET = 1.3;
/** "Flat": the 1M-record peak may exceed the 200k one by at most this factor. */
const FLAT_FACTOR = 1.25;

// ---------------------------------------------------------------------------------------------
// Children: the two reference clients. `node bench/export.js --child minimal|fxp URL AUTH FILE`.

const quote = (v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const line = (r) =>
  `${quote(r.publication)},${quote(r.adslot)},${quote(r.country)},${quote(r.requests)},${quote(r.impressions)},` +
  `${quote(r.clicks)},${quote(r.earnings)},${quote(r.currency || 'USD')}\n`;

/** A file writer that buffers ~64 KB and waits for 'drain', as any decent streaming client does. */
function csvFile(file) {
  const out = createWriteStream(file);
  let buf = HEADER;
  return {
    add(text) {
      buf += text;
    },
    async flush(min = 64 * 1024) {
      if (buf.length < min) return;
      const ok = out.write(buf);
      buf = '';
      if (!ok) await new Promise((resolve) => out.once('drain', resolve));
    },
    async close() {
      await this.flush(0);
      await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
    },
  };
}

async function get(url, auth) {
  const { request } = await import('undici');
  const res = await request(url, { headers: { authorization: auth } });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${url}`);
  return res.body;
}

/** (a) fetch, stream-parse with saxes, write CSV: nothing else. */
async function minimalLoop(url, auth, file) {
  const { SaxesParser } = await import('saxes');
  const body = await get(url, auth);
  const csv = csvFile(file);
  const parser = new SaxesParser({ position: false });
  let publication = '';
  let adslot = '';
  let inAdslot = false;
  let inStats = false;
  let country = '',
    requests = '',
    impressions = '',
    clicks = '',
    earnings = '',
    currency = '';
  let text = '';
  let rows = 0;
  parser.on('opentag', (tag) => {
    text = '';
    if (tag.name === 'statistics') {
      inStats = true;
      country = requests = impressions = clicks = earnings = currency = '';
    } else if (tag.name === 'adslot') inAdslot = true;
  });
  parser.on('text', (t) => (text += t));
  parser.on('closetag', (tag) => {
    switch (tag.name) {
      case 'statistics':
        csv.add(line({ publication, adslot, country, requests, impressions, clicks, earnings, currency }));
        rows++;
        inStats = false;
        break;
      case 'country':
        country = text;
        break;
      case 'requests':
        requests = text;
        break;
      case 'impressions':
        impressions = text;
        break;
      case 'clicks':
        clicks = text;
        break;
      case 'amount':
        earnings = text;
        break;
      case 'currency':
        currency = text;
        break;
      case 'earnings':
        if (earnings === '') earnings = text.trim();
        break; // a bare decimal
      case 'adslot':
        inAdslot = false;
        break;
      case 'id':
        if (inStats) break;
        if (inAdslot) adslot = text;
        else publication = text;
        break;
    }
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    parser.write(decoder.decode(chunk, { stream: true }));
    await csv.flush();
  }
  parser.write(decoder.decode());
  parser.close();
  await csv.close();
  return rows;
}

/** (b) the whole body as one string, one fast-xml-parser tree, then the CSV. */
async function wholeTree(url, auth, file) {
  const { XMLParser } = await import('fast-xml-parser');
  const body = await get(url, auth);
  const xml = await body.text();
  const parser = new XMLParser({ parseTagValue: false, isArray: (name) => ['publication', 'adslot', 'statistics'].includes(name) });
  const tree = parser.parse(xml);
  const csv = csvFile(file);
  let rows = 0;
  for (const p of tree['masg-response'].publication ?? []) {
    for (const a of p.adslot ?? []) {
      for (const s of a.statistics ?? []) {
        const money = s.earnings;
        const earnings = typeof money === 'object' ? money.amount : money;
        const currency = typeof money === 'object' ? money.currency : s.currency;
        csv.add(
          line({
            publication: p.id,
            adslot: a.id,
            country: s.country,
            requests: s.requests,
            impressions: s.impressions,
            clicks: s.clicks,
            earnings,
            currency,
          }),
        );
        rows++;
        if (rows % 512 === 0) await csv.flush();
      }
    }
  }
  await csv.close();
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Parent.

function option(argv, name, fallback) {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number, got "${argv[i + 1]}"`);
  return n;
}

/** A day that is entirely past in the account's zone: the day before yesterday. */
function reportDay() {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = parts.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - 2)).toISOString().slice(0, 10);
}

/** Data rows (lines after the header) and a SHA-256 of a CSV file, streamed. */
async function digest(file) {
  const hash = createHash('sha256');
  let lines = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk);
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return { rows: lines - 1, sha: hash.digest('hex') };
}

/** The first line where two (equally long) CSVs differ, for the failure message. */
function firstDifference(a, b) {
  const la = readFileSync(a, 'utf8').split('\n');
  const lb = readFileSync(b, 'utf8').split('\n');
  const i = la.findIndex((l, n) => l !== lb[n]);
  return `line ${i + 1}: ${JSON.stringify(la[i])} vs ${JSON.stringify(lb[i])}`;
}

const CONTENDERS = {
  masg: 'masg pub stats … -o csv --out',
  minimal: '(a) minimal loop: undici + saxes stream',
  fxp: '(b) whole body + fast-xml-parser tree',
};

/**
 * One sandbox; an unmeasured warm-up round whose minimal-loop CSV is the reference every later
 * file must equal byte for byte; then interleaved rounds until each contender has `runs` complete
 * runs (at most 2 × runs attempts each). A run that exits 0 without the complete file is counted
 * as a failure, reported, and left out of the figures.
 */
async function measureReport({ publications, modes, runs, dir, day }) {
  const { DEMO } = await import('../dist/sandbox/accounts.js');
  const scale = `${publications}x5x40`;
  process.stdout.write(`  starting the sandbox: --scale ${scale} --seed ${SEED} (separate process) … `);
  const t0 = Date.now();
  const sandbox = await startSandboxProcess(['--scale', scale, '--seed', String(SEED)]);
  process.stdout.write(`${sandbox.url} in ${Date.now() - t0} ms\n`);
  try {
    const stamp = day.replace(/-/g, '');
    const url = `${sandbox.url}/publication/statistics.xml?start=${stamp}00&end=${stamp}23&level=adslot&bycountry=true`;
    const auth = `Basic ${Buffer.from(`${DEMO.email}:${DEMO.key}`).toString('base64')}`;
    const self = fileURLToPath(import.meta.url);
    const env = {
      ...process.env,
      MASG_BASE_URL: sandbox.url,
      MASG_EMAIL: DEMO.email,
      MASG_DEVELOPER_KEY: DEMO.key,
      MASG_CONFIG_DIR: join(dir, 'config'), // nothing a user saved may change what is measured
      NO_COLOR: '1',
    };
    const outDir = join(dir, 'out');
    mkdirSync(outDir, { recursive: true });

    let reference;
    const failures = [];
    /** One run: fresh output folder, measured child, then the file checked against the reference. */
    const runOnce = async (mode, round) => {
      for (const f of readdirSync(outDir)) rmSync(join(outDir, f), { force: true });
      const out = join(outDir, `${mode}.csv`);
      const args =
        mode === 'masg'
          ? [
              join(root, 'bin', 'masg.cjs'),
              'pub',
              'stats',
              '--date',
              day,
              '--tz',
              TZ,
              '--level',
              'adslot',
              '--by-country',
              '-o',
              'csv',
              '--out',
              out,
            ]
          : [self, '--child', mode, url, auth, out];
      const r = await measureNode(args, { env, usageFile: join(dir, `${mode}.usage.json`), label: mode });
      const d = existsSync(out) ? await digest(out) : undefined;
      reference ??= d;
      if (d !== undefined && d.rows === reference.rows && d.sha === reference.sha) return { ...r, rows: d.rows };
      // Exit 0 but no file, or not the same file: say exactly what was left behind.
      const left = readdirSync(outDir).filter((f) => f !== `${mode}.csv`);
      const partial = left.length > 0 ? await digest(join(outDir, left[0])) : undefined;
      const what =
        d === undefined
          ? `exited 0 after ${fmt.s(r.ms)} without writing ${mode}.csv` +
            (partial
              ? `; its temporary file ${left[0]} was left behind with ${partial.rows.toLocaleString('en-US')} of ${reference.rows.toLocaleString('en-US')} rows`
              : '')
          : d.rows !== reference.rows
            ? `wrote ${d.rows.toLocaleString('en-US')} rows instead of ${reference.rows.toLocaleString('en-US')}`
            : `wrote the same number of rows but different content: ${firstDifference(join(outDir, `${mode}.csv`), reference.file)}`;
      failures.push({ mode, round, what });
      console.log(`  !! ${mode}, round ${round}: ${what}`);
      return undefined;
    };

    // Warm-up (files, JIT, the sandbox's caches); the minimal loop's CSV becomes the reference.
    const order = ['minimal', ...modes.filter((m) => m !== 'minimal')];
    await runOnce('minimal', 0);
    if (reference === undefined) throw new Error('the minimal loop wrote no CSV in the warm-up round');
    reference.file = join(dir, 'reference.csv');
    renameSync(join(outDir, 'minimal.csv'), reference.file);
    for (const mode of order.slice(1)) await runOnce(mode, 0);
    const bytes = statSync(reference.file).size;
    console.log(
      `  report for ${day} (${TZ}): ${reference.rows.toLocaleString('en-US')} records, CSV ${(bytes / 1e6).toFixed(1)} MB ` +
        `(sha256 ${reference.sha.slice(0, 12)}…); every run's file must equal it byte for byte`,
    );
    console.log(`  warm-up round done; measuring ${runs} interleaved rounds …`);

    // The whole-tree parse is 4–5× slower and has no target: 3 runs of it are enough.
    const want = (mode) => (mode === 'fxp' ? Math.min(runs, 3) : runs);
    const samples = Object.fromEntries(modes.map((m) => [m, []]));
    const attempts = Object.fromEntries(modes.map((m) => [m, 0]));
    for (let round = 1; modes.some((m) => samples[m].length < want(m) && attempts[m] < 2 * want(m)); round++) {
      for (const mode of order) {
        if (samples[mode].length >= want(mode) || attempts[mode] >= 2 * want(mode)) continue;
        attempts[mode]++;
        const r = await runOnce(mode, round);
        if (r) samples[mode].push(r);
      }
    }
    return {
      rows: reference.rows,
      failures,
      attempts,
      results: Object.fromEntries(
        modes.map((m) => {
          const s = samples[m];
          if (s.length === 0) return [m, undefined];
          const ms = median(s.map((x) => x.ms));
          return [
            m,
            { ms, rssMb: median(s.map((x) => x.rssMb)), cpuMs: median(s.map((x) => x.cpuMs)), rate: reference.rows / (ms / 1000), all: s },
          ];
        }),
      ),
    };
  } finally {
    await sandbox.stop();
  }
}

const fmt = {
  s: (ms) => `${(ms / 1000).toFixed(2)} s`,
  mb: (mb) => `${mb.toFixed(0)} MB`,
  rate: (r) => `${Math.round(r).toLocaleString('en-US')}/s`,
};

const pad = (v, n) => String(v).padStart(n);

function table(results, runs) {
  const fxpNote = 'fxp' in results && runs > 3 ? ' (fxp: 3)' : '';
  const base = results.minimal;
  const x = (a, b) => (a === undefined || b === undefined ? '–' : `${(a / b).toFixed(2)}×`);
  console.log(
    `\n  ${'client'.padEnd(42)} ${pad('wall', 8)} ${pad('÷ (a)', 6)} ${pad('CPU', 8)} ${pad('÷ (a)', 6)} ${pad('peak RSS', 9)} ${pad('rows/s', 11)}`,
  );
  for (const [mode, r] of Object.entries(results)) {
    if (r === undefined) {
      console.log(`  ${CONTENDERS[mode].padEnd(42)} no complete run`);
      continue;
    }
    console.log(
      `  ${CONTENDERS[mode].padEnd(42)} ${pad(fmt.s(r.ms), 8)} ${pad(x(r.ms, base?.ms), 6)} ${pad(fmt.s(r.cpuMs), 8)} ` +
        `${pad(x(r.cpuMs, base?.cpuMs), 6)} ${pad(fmt.mb(r.rssMb), 9)} ${pad(fmt.rate(r.rate), 11)}`,
    );
  }
  const list = Object.entries(results)
    .filter(([, r]) => r)
    .map(([m, r]) => `${m} ${r.all.map((s) => Math.round(s.ms)).join('/')}`);
  console.log(
    `  (medians of up to ${runs} complete runs${fxpNote}, each a fresh process; wall = spawn to exit, CPU = user + system, ` +
      `peak RSS = getrusage maxrss; wall ms per run: ${list.join(', ')})`,
  );
}

async function main(argv) {
  if (argv[0] === '--child') {
    const [, mode, url, auth, file] = argv;
    const rows = await (mode === 'fxp' ? wholeTree : minimalLoop)(url, auth, file);
    process.stdout.write(`${rows}\n`);
    return 0;
  }
  if (!existsSync(join(root, 'dist', 'sandbox', 'main.js')) || !existsSync(join(root, 'dist', 'cli.js'))) {
    throw new Error('bench/export.js: dist/ is missing; run `npx tsc -p tsconfig.json` first.');
  }
  const records = option(argv, '--records', 200_000);
  const runs = Math.max(1, option(argv, '--runs', 5));
  const big = option(argv, '--big', 1_000_000);
  const bigRuns = Math.max(1, option(argv, '--big-runs', 3));
  const day = reportDay();
  const dir = tempDir('masg-bench-export-');
  const started = Date.now();
  const missed = [];
  const verdict = (label, ok, detail) => {
    if (!ok) missed.push(label);
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(46)} ${detail}`);
  };
  const publicationsFor = (n) => Math.max(1, Math.round(n / RECORDS_PER_PUBLICATION));

  console.log(`export: ad slot × country CSV of one day from the sandbox's scale mode (Node ${process.version})`);
  const small = await measureReport({ publications: publicationsFor(records), modes: ['masg', 'minimal', 'fxp'], runs, dir, day });
  table(small.results, runs);
  const m = small.results.masg;
  const a = small.results.minimal;
  console.log('');
  verdict(
    `masg wall ≤ ${RATIO_TARGET}× the minimal loop`,
    m !== undefined && m.ms / a.ms <= RATIO_TARGET,
    m === undefined
      ? 'no complete masg run'
      : `${(m.ms / a.ms).toFixed(2)}× (${fmt.s(m.ms)} vs ${fmt.s(a.ms)}; CPU ${(m.cpuMs / a.cpuMs).toFixed(2)}×)`,
  );
  verdict(
    `masg peak RSS < ${RSS_TARGET_MB} MB`,
    m !== undefined && m.rssMb < RSS_TARGET_MB,
    m === undefined ? 'no complete masg run' : `${fmt.mb(m.rssMb)} at ${small.rows.toLocaleString('en-US')} records`,
  );

  let large;
  if (big > 0) {
    console.log(`\nexport, flat memory: the same report at ~${big.toLocaleString('en-US')} records (one response)`);
    large = await measureReport({ publications: publicationsFor(big), modes: ['masg', 'minimal'], runs: bigRuns, dir, day });
    table(large.results, bigRuns);
    const L = large.results.masg;
    console.log(`\n  ${pad('records', 12)} ${pad('masg peak RSS', 14)} ${pad('masg wall', 10)} ${pad('rows/s', 11)}`);
    for (const [rows, r] of [
      [small.rows, m],
      [large.rows, L],
    ]) {
      if (r)
        console.log(
          `  ${pad(rows.toLocaleString('en-US'), 12)} ${pad(fmt.mb(r.rssMb), 14)} ${pad(fmt.s(r.ms), 10)} ${pad(fmt.rate(r.rate), 11)}`,
        );
    }
    console.log('');
    verdict(
      `masg memory flat (1M peak ≤ ${FLAT_FACTOR}× the 200k peak)`,
      L !== undefined && m !== undefined && L.rssMb <= m.rssMb * FLAT_FACTOR && L.rssMb < RSS_TARGET_MB,
      L === undefined || m === undefined
        ? 'no complete masg run'
        : `${fmt.mb(L.rssMb)} at ${large.rows.toLocaleString('en-US')} vs ${fmt.mb(m.rssMb)} at ${small.rows.toLocaleString('en-US')} records ` +
            `(${(L.rssMb / m.rssMb).toFixed(2)}× the memory for ${(large.rows / small.rows).toFixed(1)}× the records)`,
    );
  }

  // A run that exits 0 without its complete file is a correctness failure, whatever the timings.
  const reports = [small, ...(large ? [large] : [])];
  const failures = reports.flatMap((r) => r.failures.map((f) => ({ ...f, rows: r.rows })));
  const tally = (mode) =>
    reports.reduce((acc, r) => {
      const tried = (r.attempts[mode] ?? 0) + (mode in r.attempts ? 1 : 0); // + the warm-up run
      const failed = r.failures.filter((f) => f.mode === mode).length;
      return acc + (mode in r.attempts ? `${acc ? ', ' : ''}${failed}/${tried} at ${r.rows.toLocaleString('en-US')}` : '');
    }, '');
  verdict(
    'every run wrote the complete, identical CSV',
    failures.length === 0,
    failures.length === 0
      ? `${Object.keys(CONTENDERS).join(', ')}: all identical to the reference`
      : `failed runs: ${['masg', 'minimal', 'fxp'].map((mo) => `${mo} ${tally(mo)}`).join('; ')}`,
  );
  console.log(`\n  (whole bench: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (failures.length > 0) {
    console.error(`\nbench/export.js: ${failures.length} run(s) did not write the complete CSV:`);
    for (const f of failures) console.error(`  ${f.mode}, ${f.rows.toLocaleString('en-US')}-record report, round ${f.round}: ${f.what}`);
    return 1;
  }
  return argv.includes('--check') && missed.length > 0 ? 1 : 0;
}

await runBench('export', main);
