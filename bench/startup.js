#!/usr/bin/env node
// Start-up cost of the answers that need no network, side by side with bare Node, measured in one
// run so that machine load affects every row alike. Runs are interleaved (one of each case per
// round) for the same reason. A section of `npm run bench` (bench/run.js imports it and calls
// run()), or standalone: node bench/startup.js [--runs N] [--check] [--instructions]
//   --check         exits 1 when a target ratio is missed (issue 5's for completion, issue 26's
//                   for --version, --help and pub list --help).
//   --instructions  also counts each case's instructions once under valgrind (callgrind), beside
//                   node -e 0's: a figure the machine's load does not move, where wall time on a
//                   shared machine does (about a minute a case; needs valgrind).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'masg.cjs');
const warmup = 5;

const cases = [
  { name: 'node -e 0', argv: ['-e', '0'] },
  { name: 'masg --version', argv: [bin, '--version'], target: 1.2 },
  { name: 'masg --help', argv: [bin, '--help'], target: 1.5 },
  { name: 'masg pub --help', argv: [bin, 'pub', '--help'] },
  { name: 'masg pub list --help', argv: [bin, 'pub', 'list', '--help'], target: 1.5 },
  { name: 'masg __complete pub up', argv: [bin, '__complete', 'pub', 'up'], target: 1.5 },
  { name: 'masg __complete pub list --status ""', argv: [bin, '__complete', 'pub', 'list', '--status', ''], target: 1.5 },
];

function once(argv, env) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Prints the table; resolves to the number of missed targets. */
export async function run({ runs = 30 } = {}) {
  if (!existsSync(join(root, 'dist', 'cli.js'))) {
    throw new Error('bench/startup.js: dist/ is missing; run `npx tsc -p tsconfig.json` first.');
  }
  // An empty config dir: nothing a user has saved may change what is measured.
  const configDir = mkdtempSync(join(tmpdir(), 'masg-bench-'));
  const env = { ...process.env, MASG_CONFIG_DIR: configDir, NO_COLOR: '1' };
  const samples = cases.map(() => []);
  try {
    for (let round = 0; round < warmup + runs; round++) {
      cases.forEach((c, i) => {
        const ms = once(c.argv, env);
        if (round >= warmup) samples[i].push(ms);
      });
    }
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }

  const base = median(samples[0]);
  let missed = 0;
  console.log(`start-up, median of ${runs} runs after ${warmup} warm-up rounds (Node ${process.version})`);
  // The minimum is shown too: on a busy machine it says what the code costs, the median what users feel.
  console.log(`${'case'.padEnd(40)} ${'median'.padStart(9)} ${'min'.padStart(9)} ${'ratio'.padStart(7)}  target (median ratio)`);
  cases.forEach((c, i) => {
    const m = median(samples[i]);
    const ratio = m / base;
    const verdict = c.target === undefined ? '' : `≤ ${c.target}× ${ratio <= c.target ? 'ok' : 'MISSED'}`;
    if (c.target !== undefined && ratio > c.target) missed++;
    const min = Math.min(...samples[i]);
    console.log(
      `${c.name.padEnd(40)} ${`${m.toFixed(1)} ms`.padStart(9)} ${`${min.toFixed(1)} ms`.padStart(9)} ${`${ratio.toFixed(2)}×`.padStart(7)}  ${verdict}`,
    );
  });
  return missed;
}

/** Instructions executed by one run (callgrind's "I refs"), or undefined without valgrind. */
function instructions(argv, env) {
  const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...argv], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const refs = /I\s+refs:\s+([\d,]+)/.exec(r.stderr ?? '')?.[1];
  return refs === undefined ? undefined : Number(refs.replaceAll(',', ''));
}

function countInstructions() {
  const configDir = mkdtempSync(join(tmpdir(), 'masg-bench-'));
  const env = { ...process.env, MASG_CONFIG_DIR: configDir, NO_COLOR: '1' };
  try {
    const counts = cases.map((c) => instructions(c.argv, env));
    if (counts[0] === undefined) return console.log('instructions: valgrind is not installed; skipped');
    console.log(`\ninstructions, one run each under valgrind --tool=callgrind (Node ${process.version})`);
    cases.forEach((c, i) => {
      const ratio = counts[i] / counts[0];
      const verdict = c.target === undefined ? '' : `≤ ${c.target}× ${ratio <= c.target ? 'ok' : 'MISSED'}`;
      console.log(
        `${c.name.padEnd(40)} ${`${(counts[i] / 1e6).toFixed(0)} M`.padStart(9)} ${`${ratio.toFixed(2)}×`.padStart(7)}  ${verdict}`,
      );
    });
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const missed = await run({ runs: Number(args[args.indexOf('--runs') + 1]) || 30 });
  if (args.includes('--instructions')) countInstructions();
  if (args.includes('--check') && missed > 0) process.exitCode = 1;
}
