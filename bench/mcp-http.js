// masg mcp --http under a team's load, measured: the built binary serving one sandbox account (its
// own process, as `masg sandbox` runs it); 1, 5 and 20 SDK clients at once (StreamableHTTP, one
// bearer token), each making --calls publisher_stats calls of one day. Quoted per level: the
// median and 95th-percentile time of a call, calls a second, and the server's peak RSS (its own
// VmHWM, read after the level). Then the rate limit: a token of --rate-limit 120 sends 200 quick
// requests and the bench counts the answers before the first 429, and its Retry-After.
// The baseline is one client's call: with 20 at once, a call may take at most 20× as long (the
// server is not slower per call than serving them one after another).
//
//   node bench/mcp-http.js [--calls 5] [--check]
//     --check  exits 1 when a target is missed: peak RSS ≤ 300 MB; p50 at 20 clients ≤ 20× p50 at
//              1; the limiter lets the bucket (120, and its refill during the burst) pass, then
//              answers 429 with a Retry-After.

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { median, onCleanup, root, runBench, startSandboxProcess, tempDir, wholeOption } from './lib/measure.js';

const LEVELS = [1, 5, 20];
const RATE = 120;
const TARGETS = { rssMb: 300, slowdownAt20: 20 };
const masg = join(root, 'bin', 'masg.cjs');

const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

function peakRssMb(pid) {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/** A config folder with profile "a" on the sandbox's demo account, and a token for it. */
function setUp(dir, url) {
  const configDir = join(dir, 'config');
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const profile = { email: 'demo@sandbox.masg.test', key: 'demo-developer-key', baseUrl: url, timezone: 'UTC' };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { a: profile } }), { mode: 0o600 });
  const env = { PATH: process.env.PATH, HOME: dir, MASG_CONFIG_DIR: configDir, MASG_KEYRING: '0', NO_COLOR: '1' };
  const token = (name) =>
    execFileSync(process.execPath, [masg, 'mcp', 'token', 'create', name, '--profile', 'a'], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  return { env, token };
}

/** `masg --profile a mcp --http 127.0.0.1:0 …`: resolves with its URL once it listens. */
function serve(env, extra) {
  const child = spawn(process.execPath, [masg, '--profile', 'a', 'mcp', '--http', '127.0.0.1:0', ...extra], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  onCleanup(() => child.exitCode === null && child.kill('SIGKILL'));
  let text = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (c) => {
      text += c;
      const m = /serving (\S+\/mcp)/.exec(text);
      if (m) resolve({ url: m[1], pid: child.pid, stop: () => child.kill('SIGINT') });
    });
    child.once('exit', (code) => reject(new Error(`masg mcp --http exited ${code}: ${text}`)));
  });
}

async function connect(url, token) {
  const client = new Client({ name: 'masg-bench', version: '1.0.0' });
  const headers = { Authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

async function level(server, token, clients, calls, day) {
  const connected = await Promise.all(Array.from({ length: clients }, () => connect(server.url, token)));
  const times = [];
  const totals = new Set();
  const started = process.hrtime.bigint();
  await Promise.all(
    connected.map(async (c) => {
      for (let i = 0; i < calls; i++) {
        const t = process.hrtime.bigint();
        const r = await c.callTool({ name: 'publisher_stats', arguments: { date: day } });
        if (r.isError) throw new Error(`publisher_stats failed: ${r.content[0].text}`);
        times.push(ms(t));
        totals.add(JSON.stringify(r.structuredContent.totals));
      }
    }),
  );
  const wall = ms(started);
  await Promise.all(connected.map((c) => c.close()));
  // Every call of every client answered the same day's totals.
  if (totals.size !== 1) throw new Error(`${clients} clients: ${totals.size} different totals`);
  return { p50: median(times), p95: percentile(times, 95), perSecond: (times.length / wall) * 1000, rss: peakRssMb(server.pid) };
}

/** Quick requests on one token until the limiter answers 429: how many passed, and its Retry-After. */
async function rateLimit(url, token) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  const headers = {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2025-11-25',
  };
  let passed = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < RATE + 80; i++) {
    const r = await fetch(url, { method: 'POST', headers, body });
    await r.arrayBuffer();
    if (r.status === 429) break;
    passed++;
  }
  // The bucket refills evenly over the minute: what the burst's own time earned is allowed too.
  const allowed = RATE + Math.ceil((ms(started) / 60_000) * RATE);
  const last = await fetch(url, { method: 'POST', headers, body });
  await last.arrayBuffer();
  return { passed, allowed, retryAfter: last.status === 429 ? last.headers.get('retry-after') : null };
}

async function main(argv) {
  const calls = wholeOption(argv, '--calls', 5);
  const check = argv.includes('--check');
  const dir = tempDir('masg-bench-mcp-http-');
  const sandbox = await startSandboxProcess([]);
  onCleanup(() => void sandbox.stop());
  const { env, token } = setUp(dir, sandbox.url);
  const server = await serve(env, []);
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  console.log(`mcp --http: publisher_stats of ${day}, ${calls} calls per client, one token (Node ${process.version})`);
  const team = token('team');
  await level(server, team, 1, 2, day); // warm: the first answers compile the parsers
  const results = {};
  for (const n of LEVELS) {
    const r = (results[n] = await level(server, team, n, calls, day));
    console.log(
      `  ${String(n).padStart(2)} clients  p50 ${r.p50.toFixed(0)} ms  p95 ${r.p95.toFixed(0)} ms  ` +
        `${r.perSecond.toFixed(1)} calls/s  peak RSS ${r.rss.toFixed(0)} MB`,
    );
  }
  server.stop();
  const limited = await serve(env, ['--rate-limit', String(RATE)]);
  const rate = await rateLimit(limited.url, token('burst'));
  limited.stop();
  console.log(
    `  --rate-limit ${RATE}: ${rate.passed} requests passed (the bucket and its refill during the burst: ${rate.allowed}), ` +
      `then 429 (Retry-After: ${rate.retryAfter ?? 'none'} s)`,
  );
  const slowdown = results[20].p50 / results[1].p50;
  console.log(`  p50 at 20 clients ÷ p50 at 1: ${slowdown.toFixed(2)}× (target ≤ ${TARGETS.slowdownAt20}×)`);
  const missed = [];
  if (results[20].rss > TARGETS.rssMb) missed.push(`peak RSS ${results[20].rss.toFixed(0)} MB > ${TARGETS.rssMb} MB`);
  if (slowdown > TARGETS.slowdownAt20) missed.push(`20 clients ${slowdown.toFixed(2)}× one`);
  if (rate.passed < RATE || rate.passed > rate.allowed || rate.retryAfter === null)
    missed.push(`rate limit: ${rate.passed} passed, Retry-After ${rate.retryAfter}`);
  if (missed.length > 0) console.log(`  missed: ${missed.join('; ')}`);
  return check && missed.length > 0 ? 1 : 0;
}

await runBench('mcp-http', main);
