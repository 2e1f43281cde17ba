// Micro-benchmark of the statistics parser: a production-style ad slot × country body of N
// records (default 200,000, about 40 MB) parsed by
//   - parseStatsStream (callback form, the one the commands use),
//   - statsRecords (async generator form),
//   - a bare saxes loop that builds no records (the floor any saxes-based parser stands on),
//   - fast-xml-parser building the whole tree (what a naive client would do),
// each in its own child process so that peak RSS (getrusage maxrss) belongs to one parser.
// The body is generated into a temporary file, streamed from disk in 64 KiB chunks like a socket
// would deliver it, and removed afterwards. Needs `npm run build` first (imports ../dist).
//
//   node bench/stats-parse.js [--records 200000] [--only stream,generator,saxes,fxp]

import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHAPE = { endpoint: 'publications', level: 'adslot', byCountry: true };
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'BR', 'IN', 'JP', 'MX', 'CA', 'AU', 'SE', 'PL', 'TR', 'ZA', 'AR', 'KR', 'ID'];

function uuid(n) {
  const h = (n >>> 0).toString(16).padStart(8, '0');
  return `${h}-5e3f-4a01-9c4d-${h}7a6b`;
}

/** Write the body in pieces so the generator never holds it whole. */
async function writeBody(file, records) {
  const out = createWriteStream(file);
  const write = (s) => (out.write(s) ? undefined : new Promise((resolve) => out.once('drain', resolve)));
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n');
  let n = 0;
  for (let pub = 0; n < records; pub++) {
    let s = `<publication>\n<id>${uuid(pub)}</id>\n`;
    for (let slot = 0; slot < 5 && n < records; slot++) {
      s += `<adslot>\n<id>${uuid(1e6 + pub * 5 + slot)}</id>\n`;
      for (let c = 0; c < COUNTRIES.length && n < records; c++, n++) {
        const requests = (n * 7919) % 100000;
        const amount = ((n * 31) % 100000) / 100;
        s +=
          `<statistics>\n<country>${COUNTRIES[c]}</country>\n<requests>${requests}</requests>\n` +
          `<impressions>${Math.floor(requests * 0.9)}</impressions>\n<clicks>${requests % 997}</clicks>\n` +
          `<earnings>\n<currency>USD</currency>\n<amount>${amount.toFixed(2)}</amount>\n</earnings>\n</statistics>\n`;
      }
      s += '</adslot>\n';
    }
    await write(`${s}</publication>\n`);
  }
  await write('</masg-response>\n');
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
}

const chunks = (file) => createReadStream(file, { highWaterMark: 64 * 1024 });

/** One contender, in this (child) process: returns records and a checksum of requests. */
async function runChild(mode, file) {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let records = 0;
  let requests = 0n;
  if (mode === 'fxp') {
    const { XMLParser } = await import('fast-xml-parser');
    const parser = new XMLParser({ parseTagValue: false, isArray: (name) => ['publication', 'adslot', 'statistics'].includes(name) });
    const tree = parser.parse(readFileSync(file, 'utf8'));
    for (const p of tree['masg-response'].publication ?? []) {
      for (const a of p.adslot ?? []) {
        for (const s of a.statistics ?? []) {
          records++;
          requests += BigInt(s.requests);
        }
      }
    }
  } else if (mode === 'saxes') {
    // The floor: saxes alone, no pre-pass, no records, only what is needed to read `requests`.
    const { SaxesParser } = await import('saxes');
    const parser = new SaxesParser({ position: false });
    let text = '';
    parser.on('opentag', () => {
      text = '';
    });
    parser.on('text', (t) => {
      text += t;
    });
    parser.on('closetag', (tag) => {
      if (tag.name === 'requests') requests += BigInt(text);
      else if (tag.name === 'statistics') records++;
    });
    const decoder = new TextDecoder();
    for await (const chunk of chunks(file)) parser.write(decoder.decode(chunk, { stream: true }));
    parser.close();
  } else {
    const { parseStatsStream, statsRecords } = await import('../dist/endpoints/stats-stream.js');
    const onRecord = (r) => {
      records++;
      requests += BigInt(r.requests);
    };
    if (mode === 'stream') await parseStatsStream(chunks(file), SHAPE, onRecord);
    else for await (const r of statsRecords(chunks(file), SHAPE)) onRecord(r);
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  // CPU time as well as wall time: on a shared machine the wall clock also measures the neighbours.
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { mode, records, requests: String(requests), ms, cpuMs, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

const LABELS = {
  stream: 'masg parseStatsStream (saxes, streaming)',
  generator: 'masg statsRecords (async generator)',
  fxp: 'fast-xml-parser whole tree',
  saxes: 'bare saxes loop (the floor, no records)',
};

async function main(argv) {
  if (argv[0] === '--child') {
    process.stdout.write(JSON.stringify(await runChild(argv[1], argv[2])));
    return;
  }
  const count = Number(argv[argv.indexOf('--records') + 1] || 0) || 200_000;
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : ['stream', 'generator', 'saxes', 'fxp'];
  const dir = mkdtempSync(join(tmpdir(), 'masg-bench-'));
  const file = join(dir, 'stats.xml');
  try {
    await writeBody(file, count);
    const mb = statSync(file).size / 1e6;
    process.stdout.write(`stats-parse: ${count.toLocaleString('en-US')} ad slot × country records, ${mb.toFixed(1)} MB body\n`);
    const self = fileURLToPath(import.meta.url);
    let checksum;
    for (const mode of only) {
      const child = spawnSync(process.execPath, [self, '--child', mode, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (child.status !== 0) throw new Error(`${mode} failed: ${child.stderr}`);
      const r = JSON.parse(child.stdout);
      checksum ??= r.requests;
      const rate = Math.round(r.records / (r.ms / 1000)).toLocaleString('en-US');
      const same = r.requests === checksum && r.records === count ? '' : '  (RECORDS DIFFER)';
      process.stdout.write(
        `  ${LABELS[mode].padEnd(44)} ${String(Math.round(r.ms)).padStart(6)} ms wall ${String(Math.round(r.cpuMs)).padStart(6)} ms CPU  ` +
          `${rate.padStart(9)} records/s  ` +
          `peak RSS ${r.peakRssMb.toFixed(0).padStart(4)} MB${same}\n`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main(process.argv.slice(2));
