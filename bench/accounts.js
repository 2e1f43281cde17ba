// masg sync over many accounts, measured: one day of 1, 10 and 100 sandbox accounts (`--accounts
// 100`, each with its own zone and data, 50 ms added to every answer as a network would) synced by
// one `masg sync --all-profiles --concurrency 8` into a fresh DuckDB file; and the same 100
// accounts synced the way a shell loop would, one `masg sync --profile NAME` after the other.
// Every run is a fresh process (wall time from the parent, peak RSS and CPU from
// bench/lib/usage.js); medians quoted. Each run's warehouse must hold every account's day, or the
// bench fails.
//
//   node bench/accounts.js [--runs 3] [--check]
//     --check  exits 1 when a target is missed: time per account at 100 ≤ 1.25× that at 10
//              (linear growth), peak RSS at 100 ≤ 1.25× that at 10 (flat), and 100 accounts at
//              --concurrency 8 ≤ 1/4 of the time of 100 sequential single-account syncs.

import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureNode, median, onCleanup, root, runBench, startSandboxProcess, tempDir, wholeOption } from './lib/measure.js';

const ACCOUNTS = 100;
const SIZES = [1, 10, 100];
const CONCURRENCY = 8;
const LATENCY_MS = 50;
const TARGETS = { perAccount: 1.25, rss: 1.25, versusLoop: 0.25 };

/** A config folder holding a profile per account (as `masg login --profile NAME` saves them). */
function profiles(dir, url, accounts) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const list = Object.fromEntries(accounts.map((a) => [a.name, { email: a.email, key: a.key, baseUrl: url, timezone: a.timeZone }]));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: list }), { mode: 0o600 });
  return dir;
}

/** The profiles alone choose the accounts: the variables that would override every profile are dropped. */
function env(configDir, tmp) {
  const rest = { ...process.env };
  for (const name of ['MASG_EMAIL', 'MASG_DEVELOPER_KEY', 'MASG_BASE_URL', 'MASG_PROFILE', 'MASG_TIMEZONE']) delete rest[name];
  return { ...rest, MASG_CONFIG_DIR: configDir, MASG_KEYRING: '0', NO_COLOR: '1', TMPDIR: tmp };
}

/** Accounts holding one complete day each, read back with masg sql. */
function accountsHeld(environment, db) {
  const out = execFileSync(
    process.execPath,
    [
      join(root, 'bin', 'masg.cjs'),
      'sql',
      '--db',
      db,
      '-o',
      'csv',
      '--no-header',
      "SELECT count(DISTINCT account) FROM masg_sync_days WHERE complete AND grain = 'day'",
    ],
    { env: environment, encoding: 'utf8' },
  );
  return Number(out.trim());
}

const fmt = { s: (ms) => `${(ms / 1000).toFixed(2)} s`, mb: (mb) => `${mb.toFixed(0)} MB` };

async function main(argv) {
  const runs = wholeOption(argv, '--runs', 3);
  const dir = tempDir('masg-bench-accounts-');
  console.log(
    `accounts: one day (yesterday in each account's zone) of 1, 10 and ${ACCOUNTS} sandbox accounts, ` +
      `${LATENCY_MS} ms per answer, --concurrency ${CONCURRENCY} (Node ${process.version})`,
  );
  const sandbox = await startSandboxProcess(['--accounts', String(ACCOUNTS), '--latency', String(LATENCY_MS)]);
  onCleanup(() => void sandbox.stop());
  const { accountsFor } = await import('../dist/sandbox/many.js');
  // The sandbox's accounts, as `masg sandbox --accounts N` makes them (names, keys, zones).
  const accounts = accountsFor(ACCOUNTS, 1).map((a) => ({ ...a, name: a.email.split('@')[0] }));
  const masg = join(root, 'bin', 'masg.cjs');
  const day = ['--from', '-1d', '--to', '-1d'];
  const failures = [];
  const samples = Object.fromEntries(SIZES.map((n) => [n, []]));
  for (let round = 0; round <= runs; round++) {
    for (const n of SIZES) {
      const configDir = profiles(join(dir, `config-${n}`), sandbox.url, accounts.slice(0, n));
      const e = env(configDir, dir);
      const db = join(dir, `n${n}-r${round}.duckdb`);
      const args = [masg, 'sync', '--all-profiles', '--db', db, ...day, '--concurrency', String(CONCURRENCY), '--quiet'];
      const r = await measureNode(args, { env: e, usageFile: join(dir, `n${n}.usage.json`), label: `${n} accounts` });
      const held = accountsHeld(e, db);
      if (held !== n) failures.push(`${n} accounts, round ${round}: the warehouse holds ${held}`);
      rmSync(db, { force: true });
      if (round > 0) samples[n].push(r); // round 0 warms up the sandbox and the file cache
    }
  }
  // The shell loop: one process per account, one after the other, into one file.
  const loopConfig = profiles(join(dir, 'config-loop'), sandbox.url, accounts);
  const loopEnv = env(loopConfig, dir);
  const loopDb = join(dir, 'loop.duckdb');
  const loop = [];
  for (let round = 0; round < Math.max(1, Math.floor(runs / 3)); round++) {
    let ms = 0;
    for (const a of accounts) {
      const args = [masg, 'sync', '--profile', a.name, '--db', loopDb, ...day, '--concurrency', String(CONCURRENCY), '--quiet'];
      ms += (await measureNode(args, { env: loopEnv, usageFile: join(dir, 'loop.usage.json'), label: `loop ${a.name}` })).ms;
    }
    const held = accountsHeld(loopEnv, loopDb);
    if (held !== ACCOUNTS) failures.push(`the loop, round ${round}: the warehouse holds ${held}`);
    rmSync(loopDb, { force: true });
    loop.push(ms);
  }
  return report({ samples, loop, failures, runs, check: argv.includes('--check'), stop: () => sandbox.stop() });
}

async function report({ samples, loop, failures, runs, check, stop }) {
  const results = {};
  console.log(`\n  ${'run'.padEnd(52)} ${'wall'.padStart(8)} ${'per account'.padStart(12)} ${'CPU'.padStart(8)} ${'peak RSS'.padStart(9)}`);
  for (const n of SIZES) {
    const s = samples[n];
    const r = { ms: median(s.map((x) => x.ms)), cpuMs: median(s.map((x) => x.cpuMs)), rssMb: median(s.map((x) => x.rssMb)) };
    results[n] = r;
    const label = `masg sync --all-profiles (${n} account${n === 1 ? '' : 's'})`;
    console.log(
      `  ${label.padEnd(52)} ${fmt.s(r.ms).padStart(8)} ${fmt.s(r.ms / n).padStart(12)} ${fmt.s(r.cpuMs).padStart(8)} ${fmt.mb(r.rssMb).padStart(9)}`,
    );
  }
  const loopMs = median(loop);
  console.log(
    `  ${`${ACCOUNTS} × masg sync --profile NAME, one after the other`.padEnd(52)} ${fmt.s(loopMs).padStart(8)} ${fmt.s(loopMs / ACCOUNTS).padStart(12)}`,
  );
  console.log(
    `  (medians of ${runs} runs after one warm-up round, each a fresh process; the loop: ${loop.length} run${loop.length === 1 ? '' : 's'} ` +
      `of ${ACCOUNTS} processes, ${loop.map((ms) => fmt.s(ms)).join(' / ')})\n`,
  );
  const missed = [];
  const verdict = (label, ok, detail) => {
    if (!ok) missed.push(label);
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(58)} ${detail}`);
  };
  const perAccount = results[100].ms / 100 / (results[10].ms / 10);
  verdict(`time per account at 100 ≤ ${TARGETS.perAccount}× at 10 (linear)`, perAccount <= TARGETS.perAccount, `${perAccount.toFixed(2)}×`);
  const rss = results[100].rssMb / results[10].rssMb;
  verdict(
    `peak RSS at 100 ≤ ${TARGETS.rss}× at 10 (flat)`,
    rss <= TARGETS.rss,
    `${rss.toFixed(2)}× (${fmt.mb(results[1].rssMb)} / ${fmt.mb(results[10].rssMb)} / ${fmt.mb(results[100].rssMb)} at 1 / 10 / 100)`,
  );
  const versus = results[100].ms / loopMs;
  verdict(
    `100 at --concurrency ${CONCURRENCY} ≤ 1/4 of 100 sequential syncs`,
    versus <= TARGETS.versusLoop,
    `${versus.toFixed(3)} (1/${(1 / versus).toFixed(1)})`,
  );
  verdict('every run holds every account', failures.length === 0, failures.length ? failures.join('; ') : 'yes');
  await stop();
  if (failures.length) return 1;
  return check && missed.length ? 1 : 0;
}

await runBench('accounts', main);
