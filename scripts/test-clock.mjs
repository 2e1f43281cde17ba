// `npm run test:clock [-- --at NAME] [vitest options]` (`-- --list` names the instants): the tests whose answers depend on the day
// (CLOCK_TIER in vitest.tiers.ts) run again with the whole process tree's clock moved, by
// libfaketime (Debian's `faketime`), to instants where the accounts' zones disagree on the date.
//
// Why: a test that computes "today in the account's zone" passes whenever the zones it mixes share
// a date. `sync --status --profile la` once answered with Berlin's row, and its test failed only
// between 23:00 and 08:00 UTC: in CI, never on a developer's afternoon. At these instants such a
// mix-up fails on every run.
//
// The clock is moved by an offset, so every process (vitest, the sandbox, each masg spawned) sees
// the same moving time; the monotonic clock is left alone, so timers behave. Before the tests a
// probe checks that the offset took: a clock that silently stayed would pass everything.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MINUTE = 60_000;

/** The next time it is hh:mm in UTC, at least a minute from now. */
function nextUtc(now, hh, mm) {
  const at = new Date(now);
  at.setUTCHours(hh, mm, 0, 0);
  if (at.getTime() - now < MINUTE) at.setUTCDate(at.getUTCDate() + 1);
  return at.getTime();
}

// Each at least half an hour from a midnight of the test zones, so a run of a few minutes stays on
// the same side of it, in winter and in summer time alike.
const INSTANTS = {
  'berlin-ahead': {
    at: (now) => nextUtc(now, 23, 30),
    why: 'Berlin and Kiritimati are on the next day; UTC and Los Angeles are not',
  },
  'la-behind': {
    at: (now) => nextUtc(now, 6, 30),
    why: 'Los Angeles is still on the day before UTC, Berlin and Kiritimati',
  },
  'same-date': {
    at: (now) => nextUtc(now, 9, 0),
    why: 'every test zone on one date: the two accounts of one data seed hold the same figures, so their ties show',
  },
  'new-year': {
    at: (now) => Date.UTC(new Date(now).getUTCFullYear() + 1, 0, 1, 0, 30),
    why: 'a new year and month in UTC, Berlin and Kiritimati; the old one in Los Angeles',
  },
};

function parseArgs(argv) {
  if (argv.includes('--list')) {
    console.log(Object.keys(INSTANTS).join('\n'));
    process.exit(0);
  }
  const names = [];
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--at') names.push(argv[++i]);
    else if (argv[i].startsWith('--at=')) names.push(argv[i].slice(5));
    else rest.push(argv[i]);
  }
  const unknown = names.findIndex((n) => n === undefined || !Object.hasOwn(INSTANTS, n));
  if (unknown !== -1) {
    console.error(`test:clock: --at ${names[unknown] ?? '(nothing)'}: not one of ${Object.keys(INSTANTS).join(', ')}.`);
    process.exit(2);
  }
  return { names: names.length > 0 ? names : Object.keys(INSTANTS), vitestArgs: rest };
}

/** faketime's arguments for a clock moved to `target` (an offset in whole minutes from now). */
function fakeClock(target) {
  const minutes = Math.round((target - Date.now()) / MINUTE);
  return ['-m', '--exclude-monotonic', '-f', `${minutes >= 0 ? '+' : ''}${minutes}m`];
}

function probe(clock, target) {
  const r = spawnSync('faketime', [...clock, process.execPath, '-e', 'process.stdout.write(String(Date.now()))'], { encoding: 'utf8' });
  if (r.error) {
    console.error(`test:clock: cannot run faketime (${r.error.message}); install it: apt-get install faketime.`);
    process.exit(2);
  }
  const seen = Number(r.stdout);
  if (!(Math.abs(seen - target) < 2 * MINUTE)) {
    console.error(`test:clock: the clock did not move: wanted ${new Date(target).toISOString()}, the probe saw "${r.stdout}". ${r.stderr}`);
    process.exit(1);
  }
}

const { names, vitestArgs } = parseArgs(process.argv.slice(2));
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
let status = 0;
for (const name of names) {
  const { at, why } = INSTANTS[name];
  const target = at(Date.now());
  const clock = fakeClock(target);
  probe(clock, target);
  console.log(`== test:clock ${name}: ${new Date(target).toISOString()} (${why})`);
  const run = spawnSync('faketime', [...clock, process.execPath, vitest, 'run', '--config', 'vitest.clock.config.ts', ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) status = run.status ?? 1;
}
process.exit(status);
