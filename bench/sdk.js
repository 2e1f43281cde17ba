// The SDK's statistics stream against the floor: one day of the sandbox's scale mode, ad slot ×
// country (~200,000 records, the report of bench/export.js), read by
//   (a) the minimal loop: undici request → saxes → one record object per <statistics>, counted
//       (the same floor as bench/export.js, without the CSV: nothing is written anywhere),
//   (b) `for await (const r of client.publicationStats(…))` through the public entry (dist/index.js),
//   (c) the same through `.batches()` (an array per parsed chunk, no promise per record),
// each run a fresh child process (wall time from the parent, CPU and peak RSS from the child
// itself, bench/lib/usage.js), rounds interleaved, medians quoted. Every run must count the same
// records with the same sum of `requests` and the same total length of every other field (so a
// reader that left a field empty or wrong would not pass), or the bench fails. Then the same at ~1,000,000
// records to show that memory stays flat. Needs `npx tsc -p tsconfig.json`.
//
//   node bench/sdk.js [--records 200000] [--runs 5] [--big 1000000] [--big-runs 2] [--check]
//     --check   exits 1 when the SDK's wall time is over 1.2× the minimal loop's

import { existsSync, mkdirSync } from 'node:fs';
import { TextDecoder } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureNode, median, root, runBench, startSandboxProcess, tempDir } from './lib/measure.js';

const TZ = 'America/New_York';
const SEED = 7;
const RECORDS_PER_PUBLICATION = 111.4; // 5 slots × 40 countries, about 56 % of pairs with traffic
const RATIO_TARGET = 1.2;
const FLAT_FACTOR = 1.25;

// ---------------------------------------------------------------------------------------------
// Children: `node bench/sdk.js --child MODE BASE_URL DAY`. Each prints one JSON line at the end.

async function minimal(baseUrl, email, key, day) {
  const { request } = await import('undici');
  const { SaxesParser } = await import('saxes');
  const stamp = day.replace(/-/g, '');
  const url = `${baseUrl}/publication/statistics.xml?start=${stamp}00&end=${stamp}23&level=adslot&bycountry=true`;
  const res = await request(url, { headers: { authorization: `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}` } });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  const parser = new SaxesParser({ position: false });
  let publication = '';
  let adslot = '';
  let inAdslot = false;
  let inStats = false;
  let record;
  let text = '';
  let records = 0;
  let requests = 0;
  let chars = 0;
  const onRecord = (r) => {
    records++;
    requests += +r.requests;
    chars += fieldChars(r);
  };
  parser.on('opentag', (tag) => {
    text = '';
    if (tag.name === 'statistics') {
      inStats = true;
      record = { publication, adslot, country: '', requests: '', impressions: '', clicks: '', earnings: '', currency: '' };
    } else if (tag.name === 'adslot') inAdslot = true;
  });
  parser.on('text', (t) => (text += t));
  parser.on('closetag', (tag) => {
    switch (tag.name) {
      case 'statistics':
        inStats = false;
        onRecord(record);
        break;
      case 'country':
        record.country = text;
        break;
      case 'requests':
        record.requests = text;
        break;
      case 'impressions':
        record.impressions = text;
        break;
      case 'clicks':
        record.clicks = text;
        break;
      case 'amount':
        record.earnings = text;
        break;
      case 'currency':
        record.currency = text;
        break;
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
  for await (const chunk of res.body) parser.write(decoder.decode(chunk, { stream: true }));
  parser.write(decoder.decode());
  parser.close();
  return { records, requests, chars };
}

/** Every field but `requests` (summed apart), by length: cheap, and catches an empty or cut value. */
const fieldChars = (r) =>
  r.publication.length +
  r.adslot.length +
  r.country.length +
  r.impressions.length +
  r.clicks.length +
  r.earnings.length +
  r.currency.length;

async function sdk(baseUrl, email, key, day, batches) {
  const { createClient } = await import('../dist/index.js');
  const client = createClient({ baseUrl, email, key, timeZone: TZ });
  let records = 0;
  let requests = 0;
  let chars = 0;
  const report = client.publicationStats({ from: day, to: day, level: 'adslot', byCountry: true });
  if (batches) {
    for await (const batch of report.batches()) {
      for (const r of batch) {
        records++;
        requests += +r.requests;
        chars += fieldChars(r);
      }
    }
  } else {
    for await (const r of report) {
      records++;
      requests += +r.requests;
      chars += fieldChars(r);
    }
  }
  await client.close();
  return { records, requests, chars };
}

// ---------------------------------------------------------------------------------------------
// Parent.

const LABELS = {
  minimal: '(a) minimal loop: undici + saxes, records counted',
  sdk: '(b) SDK: for await (… of publicationStats())',
  batches: '(c) SDK: publicationStats().batches()',
};

function option(argv, name, fallback) {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number, got "${argv[i + 1]}"`);
  return n;
}

/** The day before yesterday in the account's zone: entirely past, so every hour has data. */
function reportDay() {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  return new Date(Date.UTC(y, m - 1, d - 2)).toISOString().slice(0, 10);
}

const fmt = {
  s: (ms) => `${(ms / 1000).toFixed(2)} s`,
  mb: (mb) => `${mb.toFixed(0)} MB`,
  rate: (r) => `${Math.round(r).toLocaleString('en-US')}/s`,
};
const pad = (v, n) => String(v).padStart(n);

async function measure({ publications, runs, dir, day, modes }) {
  const { DEMO } = await import('../dist/sandbox/accounts.js');
  process.stdout.write(`  starting the sandbox: --scale ${publications}x5x40 --seed ${SEED} (separate process) … `);
  const sandbox = await startSandboxProcess(['--scale', `${publications}x5x40`, '--seed', String(SEED)]);
  process.stdout.write(`${sandbox.url}\n`);
  const self = fileURLToPath(import.meta.url);
  let reference;
  const runOnce = async (mode) => {
    const r = await measureNode([self, '--child', mode, sandbox.url, DEMO.email, DEMO.key, day], {
      usageFile: join(dir, `${mode}.usage.json`),
      label: mode,
    });
    const out = JSON.parse(r.output.trim().split('\n').at(-1));
    reference ??= out;
    if (out.records !== reference.records || out.requests !== reference.requests || out.chars !== reference.chars) {
      throw new Error(
        `${mode} counted ${out.records} records (requests ${out.requests}, field characters ${out.chars}), ` +
          `the minimal loop ${reference.records} (${reference.requests}, ${reference.chars})`,
      );
    }
    if (r.output.trim().split('\n').length !== 1) throw new Error(`${mode} printed more than its one result line:\n${r.output}`);
    return r;
  };
  try {
    for (const mode of modes) await runOnce(mode); // warm-up round; the first (minimal) is the reference
    console.log(`  report for ${day} (${TZ}): ${reference.records.toLocaleString('en-US')} records; every run must count the same`);
    const samples = Object.fromEntries(modes.map((m) => [m, []]));
    for (let round = 0; round < runs; round++) for (const mode of modes) samples[mode].push(await runOnce(mode));
    return {
      records: reference.records,
      results: Object.fromEntries(
        modes.map((m) => {
          const s = samples[m];
          const ms = median(s.map((x) => x.ms));
          return [
            m,
            {
              ms,
              cpuMs: median(s.map((x) => x.cpuMs)),
              rssMb: median(s.map((x) => x.rssMb)),
              rate: reference.records / (ms / 1000),
              all: s.map((x) => Math.round(x.ms)),
            },
          ];
        }),
      ),
    };
  } finally {
    await sandbox.stop();
  }
}

function table({ results }, runs) {
  const base = results.minimal;
  const x = (a, b) => `${(a / b).toFixed(2)}×`;
  console.log(
    `\n  ${'reader'.padEnd(50)} ${pad('wall', 8)} ${pad('÷ (a)', 6)} ${pad('CPU', 8)} ${pad('÷ (a)', 6)} ${pad('peak RSS', 9)} ${pad('records/s', 11)}`,
  );
  for (const [mode, r] of Object.entries(results)) {
    console.log(
      `  ${LABELS[mode].padEnd(50)} ${pad(fmt.s(r.ms), 8)} ${pad(x(r.ms, base.ms), 6)} ${pad(fmt.s(r.cpuMs), 8)} ${pad(x(r.cpuMs, base.cpuMs), 6)} ${pad(fmt.mb(r.rssMb), 9)} ${pad(fmt.rate(r.rate), 11)}`,
    );
  }
  console.log(
    `  (medians of ${runs} interleaved runs, each a fresh process; wall = spawn to exit; wall ms per run: ` +
      `${Object.entries(results)
        .map(([m, r]) => `${m} ${r.all.join('/')}`)
        .join(', ')})`,
  );
}

async function main(argv) {
  if (argv[0] === '--child') {
    const [, mode, baseUrl, email, key, day] = argv;
    const r = mode === 'minimal' ? await minimal(baseUrl, email, key, day) : await sdk(baseUrl, email, key, day, mode === 'batches');
    process.stdout.write(`${JSON.stringify(r)}\n`);
    return 0;
  }
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('bench/sdk.js: dist/ is missing; run `npx tsc -p tsconfig.json` first.');
  const records = option(argv, '--records', 200_000);
  const runs = Math.max(1, option(argv, '--runs', 5));
  const big = option(argv, '--big', 1_000_000);
  const bigRuns = Math.max(1, option(argv, '--big-runs', 2));
  const day = reportDay();
  const dir = tempDir('masg-bench-sdk-');
  mkdirSync(dir, { recursive: true });
  const publicationsFor = (n) => Math.max(1, Math.round(n / RECORDS_PER_PUBLICATION));
  const missed = [];
  const verdict = (label, ok, detail) => {
    if (!ok) missed.push(label);
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(44)} ${detail}`);
  };

  console.log(`sdk: the statistics stream of the Node SDK beside the minimal saxes loop (Node ${process.version})`);
  const small = await measure({ publications: publicationsFor(records), runs, dir, day, modes: ['minimal', 'sdk', 'batches'] });
  table(small, runs);
  const { minimal: a, sdk: b, batches: c } = small.results;
  console.log('');
  verdict(
    `SDK for-await wall ≤ ${RATIO_TARGET}× the minimal loop`,
    b.ms / a.ms <= RATIO_TARGET,
    `${(b.ms / a.ms).toFixed(2)}× (${fmt.s(b.ms)} vs ${fmt.s(a.ms)}; CPU ${(b.cpuMs / a.cpuMs).toFixed(2)}×)`,
  );
  verdict(
    `SDK batches() wall ≤ ${RATIO_TARGET}× the minimal loop`,
    c.ms / a.ms <= RATIO_TARGET,
    `${(c.ms / a.ms).toFixed(2)}× (${fmt.s(c.ms)}; CPU ${(c.cpuMs / a.cpuMs).toFixed(2)}×)`,
  );

  if (big > 0) {
    console.log(`\nsdk, flat memory: the same report at ~${big.toLocaleString('en-US')} records`);
    const large = await measure({ publications: publicationsFor(big), runs: bigRuns, dir, day, modes: ['minimal', 'sdk'] });
    table(large, bigRuns);
    const L = large.results.sdk;
    console.log('');
    verdict(
      `SDK memory flat (peak ≤ ${FLAT_FACTOR}× the small report's)`,
      L.rssMb <= b.rssMb * FLAT_FACTOR,
      `${fmt.mb(L.rssMb)} at ${large.records.toLocaleString('en-US')} vs ${fmt.mb(b.rssMb)} at ${small.records.toLocaleString('en-US')} records`,
    );
    verdict(
      'SDK time linear (per-record rate within 25 %)',
      L.rate >= b.rate * 0.75,
      `${fmt.rate(L.rate)} at ${large.records.toLocaleString('en-US')} vs ${fmt.rate(b.rate)} (${(large.records / small.records).toFixed(1)}× the records in ${(L.ms / b.ms).toFixed(1)}× the time)`,
    );
  }
  return argv.includes('--check') && missed.length > 0 ? 1 : 0;
}

await runBench('sdk', main);
