// masg mcp, measured against the CLI on the same data: the sandbox in scale mode (2,000
// publications × 5 ad slots × 40 countries), one day.
//  1. publisher_stats through a running `masg mcp` (the SDK's stdio client, one call per run)
//     beside `masg pub stats` run as a command (spawn to exit), for the same request: per ad slot
//     (10,000 rows from the service) and per country (80,000 rows). Target: the server's answer
//     within 1.2× the command's time.
//  2. The server's start-up: spawn → initialized → first answer (list_accounts) → a publisher_stats.
//
//   node bench/mcp.js [--runs 5] [--check]   (--check: exit 1 when the 1.2× target is missed)

import { join } from 'node:path';
import { loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { measureNode, median, onCleanup, root, runBench, tempDir } from './lib/measure.js';

const TZ = 'UTC';
const TARGET = 1.2;
const SCALE = { publications: 2000, slotsPerPublication: 5, countries: 40 };
const masg = join(root, 'bin', 'masg.cjs');

function option(argv, name, fallback) {
  const i = argv.indexOf(name);
  return i < 0 ? fallback : Number(argv[i + 1]);
}

const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;

async function startServer(env) {
  const started = process.hrtime.bigint();
  const transport = new StdioClientTransport({ command: process.execPath, args: [masg, 'mcp'], env, stderr: 'ignore' });
  const client = new Client({ name: 'masg-bench', version: '1.0.0' });
  onCleanup(() => void transport.close());
  await client.connect(transport);
  return { client, started, initializedMs: ms(started) };
}

async function call(client, args) {
  const r = await client.callTool({ name: 'publisher_stats', arguments: args });
  if (r.isError) throw new Error(`publisher_stats failed: ${r.content[0].text}`);
  return r.structuredContent;
}

async function compare(env, server, dir, runs, day, c) {
  const cli = [];
  const tool = [];
  let totals;
  for (let i = 0; i <= runs; i++) {
    const r = await measureNode([masg, 'pub', 'stats', '--date', day, '--tz', TZ, ...c.flags, '-o', 'csv'], {
      env,
      usageFile: join(dir, `cli-${c.groupBy}-${i}.json`),
      stdoutFile: join(dir, `cli-${c.groupBy}.csv`),
      label: 'masg pub stats',
    });
    const t = process.hrtime.bigint();
    const answer = await call(server.client, { date: day, groupBy: c.groupBy });
    const toolMs = ms(t);
    totals = answer.totals;
    if (i > 0) {
      cli.push(r.ms);
      tool.push(toolMs);
    }
  }
  const [a, b] = [median(tool), median(cli)];
  const ratio = a / b;
  console.log(
    `  ${c.label.padEnd(34)} publisher_stats ${(a / 1000).toFixed(2)} s  vs  masg pub stats ${(b / 1000).toFixed(2)} s  ` +
      `= ${ratio.toFixed(2)}×  (${totals.impressions} impressions, earnings ${totals.earnings}; ms ${tool.map(Math.round).join('/')} vs ${cli.map(Math.round).join('/')})`,
  );
  return ratio;
}

async function main(argv) {
  if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first.');
  const runs = option(argv, '--runs', 5);
  const dir = tempDir('masg-bench-mcp-');
  const { startSandbox } = await import('../dist/sandbox/index.js');
  const sandbox = await startSandbox({ port: 0, scale: SCALE, seed: 7 });
  onCleanup(() => void sandbox.close());
  const env = {
    ...process.env,
    MASG_BASE_URL: sandbox.url,
    MASG_EMAIL: sandbox.demo.email,
    MASG_DEVELOPER_KEY: sandbox.demo.key,
    MASG_TIMEZONE: TZ,
    MASG_CONFIG_DIR: join(dir, 'config'),
    NO_COLOR: '1',
  };
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  console.log(`mcp (Node ${process.version}): sandbox scale ${SCALE.publications}x${SCALE.slotsPerPublication}x${SCALE.countries}, ${day}`);

  const startups = [];
  for (let i = 0; i <= runs; i++) {
    const server = await startServer(env);
    await server.client.callTool({ name: 'list_accounts', arguments: {} });
    const answer = ms(server.started);
    await call(server.client, { date: day, limit: 1 });
    const stats = ms(server.started);
    await server.client.close();
    if (i > 0) startups.push({ init: server.initializedMs, answer, stats });
  }
  const secs = (key) => (median(startups.map((s) => s[key])) / 1000).toFixed(2);
  console.log(
    `  start-up: spawn → initialized ${secs('init')} s, → first answer (list_accounts) ${secs('answer')} s, ` +
      `→ then publisher_stats of 2,000 publications ${secs('stats')} s (medians of ${runs})`,
  );

  const server = await startServer(env);
  const cases = [
    { label: 'per ad slot (10,000 rows)', groupBy: 'adslot', flags: ['--level', 'adslot'] },
    { label: 'per country (80,000 rows)', groupBy: 'country', flags: ['--by-country'] },
  ];
  let worst = 0;
  for (const c of cases) worst = Math.max(worst, await compare(env, server, dir, runs, day, c));
  await server.client.close();
  await sandbox.close();
  const ok = worst <= TARGET;
  console.log(
    `  ${ok ? 'PASS' : 'FAIL'}  publisher_stats within ${TARGET}× masg pub stats: worst ${worst.toFixed(2)}× (load average ${loadavg()[0].toFixed(1)})`,
  );
  return argv.includes('--check') && !ok ? 1 : 0;
}

await runBench('mcp', main);
