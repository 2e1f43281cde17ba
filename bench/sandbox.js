// Sandbox throughput and big-report streaming: `node bench/sandbox.js` (or via bench/run.js).
// Client and server share one process (the figures are a floor for the server alone). Reads
// the compiled sandbox from dist/.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { startSandbox } from '../dist/sandbox/index.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CLIENTS = 16;

function get(agent, url, auth, onChunk) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: auth } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
        onChunk?.(c);
      });
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode} for ${url}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const basic = ({ email, key }) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

/** CLIENTS concurrent keep-alive clients hitting one URL for SECONDS seconds. */
async function throughput(label, url, auth) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        await get(agent, url, auth);
        done++;
      }
    }),
  );
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  const rps = Math.round(done / secs);
  console.log(`${label.padEnd(58)} ${String(rps).padStart(6)} requests/s  (${done} in ${secs.toFixed(1)} s, ${CLIENTS} clients)`);
  return rps;
}

async function demoFigures() {
  const sb = await startSandbox({ seed: 1 });
  const auth = basic(sb.demo);
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const range = `start=${day}00&end=${day}23`;
  const list = await throughput('GET /publication/list.xml (7 publications)', `${sb.url}/publication/list.xml`, auth);
  const stats = await throughput('GET /publication/statistics.xml (one day)', `${sb.url}/publication/statistics.xml?${range}`, auth);
  const deep = await throughput(
    'GET /publication/statistics.json (90 days, adslot × country)',
    `${sb.url}/publication/statistics.json?start=${ninetyDaysAgo()}00&end=${day}23&level=adslot&bycountry=true`,
    auth,
  );
  await sb.close();
  return { list, stats, deep };
}

function ninetyDaysAgo() {
  return new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
}

/** Stream one big ad slot × country report from scale mode; count rows, time it, watch RSS. */
async function bigReport(format) {
  const t0 = Date.now();
  const sb = await startSandbox({ seed: 1, scale: { publications: 2000, slotsPerPublication: 5, countries: 40 } });
  const startMs = Date.now() - t0;
  const auth = basic(sb.demo);
  // A week: every active slot × country pair has traffic in it (~200,000 rows).
  const end = new Date(Date.now() - 86_400_000);
  const start = new Date(end.getTime() - 6 * 86_400_000);
  const stamp = (d) => d.toISOString().slice(0, 10).replace(/-/g, '');
  const url = `${sb.url}/publication/statistics.${format}?start=${stamp(start)}00&end=${stamp(end)}23&level=adslot&bycountry=true`;
  const needle = Buffer.from(format === 'xml' ? '<statistics>' : '"requests":');
  const mb = (n) => (n / 1048576).toFixed(0);
  const results = [];
  for (const pass of ['first', 'second']) {
    let rows = 0;
    let tail = Buffer.alloc(0);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
    const cpu0 = process.cpuUsage();
    const t1 = process.hrtime.bigint();
    const bytes = await get(new http.Agent(), url, auth, (chunk) => {
      const buf = Buffer.concat([tail, chunk]);
      for (let i = buf.indexOf(needle); i >= 0; i = buf.indexOf(needle, i + 1)) rows++;
      tail = buf.subarray(Math.max(0, buf.length - needle.length + 1));
    });
    const ms = Number(process.hrtime.bigint() - t1) / 1e6;
    // CPU time too: on a shared machine the wall clock also measures the neighbours.
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    console.log(
      `${format.toUpperCase()} ad slot × country report, 7 days, ${pass} request: ${rows.toLocaleString('en-US')} rows, ` +
        `${mb(bytes)} MB in ${ms.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms CPU (RSS ${mb(rssBefore)} → peak ${mb(rssPeak)} MB)`,
    );
    results.push({ rows, bytes, ms, cpuMs, rssBefore, rssPeak });
  }
  console.log(`  (scale data: 2,000 publications × 5 slots × 40 countries, set up in ${startMs} ms)`);
  await sb.close();
  return results;
}

export async function run() {
  const demo = await demoFigures();
  const xml = await bigReport('xml');
  const json = await bigReport('json');
  return { demo, xml, json };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
