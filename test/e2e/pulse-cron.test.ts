// The pulse's cron recipes as the README and docs/pulse.md print them, run in real shells (bash,
// and dash, cron's /bin/sh): each line that mails is taken from the page itself, its time fields
// and user dropped, /etc/masg/env and /srv/pulse replaced by temporary ones, `masg` the built
// binary on PATH and `mail` a stand-in first on PATH that records its arguments (the only one:
// no mail server exists here). The env file names several profiles (MASG_PROFILE=a,b), as an
// agency's would. Against the sandbox of several accounts (test/pulse/accounts-helpers.ts: an
// outage planted in east, a budget alert in west, `broken` a profile whose key is rejected),
// whose clock is fixed: the shell runs under libfaketime at an instant when every account's
// yesterday is the planted day, so the line runs as written, `yesterday` and all.
// One broken profile beside alerts is exit 8, and the recipe must mail all the same; alerts
// alone (9) mail; no alert and no failure mails nothing.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/binary.js';
import { atInstant, hasFaketime } from '../helpers/fixed-clock.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { DAY, startAccountsHarness, type AccountsHarness } from '../pulse/accounts-helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** 08:00 UTC the day after DAY: yesterday in Pacific/Kiritimati, America/Los_Angeles and Europe/Berlin alike. */
const INSTANT = '2024-06-15 08:00:00';
const has = (cmd: string) => spawnSync(cmd, ['--version']).status === 0;

interface Recipe {
  /** The page and the recipe's place on it: `docs/pulse.md #2`. */
  page: string;
  /** The cron entry's command: what cron hands to the shell. */
  command: string;
  /** The crontab's own variables before it (MAILTO=…). */
  vars: Record<string, string>;
}

/** Every cron entry of `page` that mails the pulse, with the variables its block sets. */
function recipes(page: string): Recipe[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const found: Recipe[] = [];
  for (const [, block] of text.matchAll(/```cron\n([\s\S]*?)```/g)) {
    const lines = block!.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const vars = Object.fromEntries(lines.flatMap((l) => (/^([A-Z_]+)=(\S+)$/.exec(l) ? [l.split('=') as [string, string]] : [])));
    for (const line of lines) {
      const entry = /^(?:\S+\s+){5}\S+\s+(.*)$/.exec(line);
      if (entry && /masg pulse/.test(entry[1]!) && /\bmail /.test(entry[1]!))
        found.push({ page: `${page} #${found.length + 1}`, command: entry[1]!, vars });
    }
  }
  return found;
}

let h: AccountsHarness;
let bin: string;
beforeAll(async () => {
  h = await startAccountsHarness();
  bin = tempDir('masg-cron-bin-');
  writeFileSync(join(bin, 'masg'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  // The stand-in: each call's arguments, one a line, in a file of its own in $MAIL_CALLS.
  writeFileSync(join(bin, 'mail'), '#!/bin/sh\nprintf \'%s\\n\' "$@" > "$MAIL_CALLS/call-$$"\ncat > /dev/null\n');
  chmodSync(join(bin, 'masg'), 0o755);
  chmodSync(join(bin, 'mail'), 0o755);
}, 120_000);
afterAll(async () => {
  await h?.close();
  removeTempDirs();
});

interface CronRun {
  code: number | null;
  stderr: string;
  /** Each call of `mail`: its arguments. */
  mails: string[][];
  srv: string;
}

/** `recipe` as cron runs it, in `shell`, with an env file naming `profiles`. */
async function runCron(recipe: Recipe, shell: string, profiles: string[]): Promise<CronRun> {
  const configDir = await h.profilesOnly(profiles);
  const etc = tempDir('masg-cron-etc-');
  const srv = tempDir('masg-cron-srv-');
  const calls = tempDir('masg-cron-mail-');
  const envFile = join(etc, 'env');
  writeFileSync(envFile, `export MASG_CONFIG_DIR='${configDir}' MASG_KEYRING=0 MASG_PROFILE=${profiles.join(',')}\n`, { mode: 0o600 });
  const command = recipe.command.replaceAll('/etc/masg/env', envFile).replaceAll('/srv/pulse', srv);
  expect(command).not.toMatch(/\/etc\/|\/srv\//);
  const env = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: tempDir('masg-cron-home-'),
    LOGNAME: 'ops',
    SHELL: shell,
    MAIL_CALLS: calls,
    ...recipe.vars,
  };
  const [faketime, ...clock] = atInstant(INSTANT);
  const child = spawn(faketime!, [...clock, shell, '-c', command], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const mails = readdirSync(calls).map((f) => readFileSync(join(calls, f), 'utf8').trimEnd().split('\n'));
  return { code, stderr, mails, srv };
}

const all = [...recipes('README.md'), ...recipes('docs/pulse.md')];

describe.skipIf(!hasFaketime || !has('jq'))("the pulse's cron recipes, as printed, in real shells", () => {
  it('the pages hold the recipes: the README one and those of docs/pulse.md', () => {
    expect(all.filter((r) => r.page.startsWith('README.md'))).toHaveLength(1);
    expect(all.filter((r) => r.page.startsWith('docs/pulse.md')).length).toBeGreaterThanOrEqual(2);
  });

  it.each(all.flatMap((r) => ['bash', 'dash'].map((shell) => [r.page, shell, r] as const)))(
    '%s in %s: one broken profile beside alerts (exit 8) mails the page of the others, which holds their alerts',
    async (_page, shell, recipe) => {
      const run = await runCron(recipe, shell, ['east', 'west', 'north', 'broken']);
      expect(run.mails, `${recipe.command}\n${run.stderr}`).toHaveLength(1);
      const args = run.mails[0]!;
      expect(args[0]).toBe('-s');
      expect(args[1]).toMatch(/alerts/);
      const page = args[args.indexOf('-A') + 1]!;
      expect(page.startsWith(run.srv), page).toBe(true);
      expect(existsSync(page), page).toBe(true);
      expect(args.at(-1)).toBe(recipe.vars.MAILTO ?? 'ops@example.com');
      // What was mailed: every account's day is DAY (the clock did its part), alerts in east and west, broken without a report.
      const html = readFileSync(page, 'utf8');
      expect(html).toContain(DAY);
      expect(html).toContain('broken');
      expect(run.stderr).toMatch(/1 of 4 accounts have no report \(broken\); \d+ alerts in 2 of 4 accounts \(exit 8\)/);
    },
    120_000,
  );

  it.each(all.map((r) => [r.page, r] as const))(
    '%s in bash: alerts and no failure (exit 9) mail',
    async (_page, recipe) => {
      const run = await runCron(recipe, 'bash', ['east', 'west', 'north']);
      expect(run.stderr, recipe.command).toBe('');
      expect(run.mails).toHaveLength(1);
      expect(existsSync(run.mails[0]![run.mails[0]!.indexOf('-A') + 1]!)).toBe(true);
    },
    120_000,
  );

  it.each(all.map((r) => [r.page, r] as const))(
    '%s in bash: no alert and no failure mails nothing',
    async (_page, recipe) => {
      const run = await runCron(recipe, 'bash', ['north']);
      expect(run.stderr, recipe.command).toBe('');
      expect(run.mails).toEqual([]);
      // No mail because there was no alert, not because nothing ran: the page of DAY was written.
      const pages = readdirSync(run.srv).filter((f) => f.endsWith('.html'));
      expect(pages).toHaveLength(1);
      expect(readFileSync(join(run.srv, pages[0]!), 'utf8')).toContain(DAY);
    },
    120_000,
  );
});
