// Help as gh shows it: every page fits 80 columns when piped (or COLUMNS, or the terminal), a
// command's own options and examples come before the inherited ones, which are named briefly,
// and defaults read as values.
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nullIo } from '../../src/completion/null-io.js';
import { HELP_TOPICS } from '../../src/help/topics.js';
import { runCli } from '../helpers/cli.js';

/** Every command path that has a help page: root, groups, subcommands and top-level commands. */
async function helpPaths(): Promise<string[][]> {
  const program = await buildProgram(nullIo({}));
  const paths: string[][] = [[]];
  for (const cmd of program.commands) {
    paths.push([cmd.name()]);
    for (const sub of cmd.commands) if (sub.name() !== 'help') paths.push([cmd.name(), sub.name()]);
  }
  return paths;
}

const TOPICS = [...Object.keys(HELP_TOPICS), 'options'];

function widest(text: string): { width: number; line: string } {
  return text
    .split('\n')
    .map((line) => ({ width: [...line].length, line }))
    .reduce((a, b) => (b.width > a.width ? b : a), { width: 0, line: '' });
}

describe('help fits the width', () => {
  it('no line of any --help page is wider than 80 when piped', async () => {
    const paths = await helpPaths();
    expect(paths.length).toBeGreaterThanOrEqual(30);
    for (const path of paths) {
      const run = await runCli([...path, '--help']);
      expect(run.code, path.join(' ')).toBe(0);
      const w = widest(run.stdout);
      expect(w.width, `masg ${path.join(' ')} --help: ${w.line}`).toBeLessThanOrEqual(80);
    }
  });

  it.each(TOPICS)('masg help %s is at most 80 wide when piped', async (topic) => {
    const run = await runCli(['help', topic]);
    expect(run.code).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(100);
    const w = widest(run.stdout);
    expect(w.width, w.line).toBeLessThanOrEqual(80);
  });

  it('COLUMNS widens piped help, a terminal narrows it', async () => {
    const wide = await runCli(['pub', 'create', '--help'], { env: { COLUMNS: '160' } });
    expect(widest(wide.stdout).width).toBeGreaterThan(80);
    const narrow = await runCli(['pub', 'create', '--help'], { tty: true, columns: 50 });
    const w = widest(narrow.stdout);
    expect(w.width, w.line).toBeLessThanOrEqual(50);
  });

  it('a long example is broken with a backslash, at spaces outside quotes', async () => {
    const run = await runCli(['pub', 'create', '--help']);
    const examples = run.stdout.slice(run.stdout.indexOf('Examples:'));
    expect(examples).toContain('$ masg pub create --name "Daily News" --type MOBILE_SITE \\\n');
    // Pasted back together (as a shell joins continued lines), it is the example itself.
    const first = examples
      .split('\n  $ ')[1]
      .replace(/ \\\n +/g, ' ')
      .split('\n')[0];
    expect(first).toBe(
      'masg pub create --name "Daily News" --type MOBILE_SITE --url https://m.example.com --description "News for commuters" --transparent false',
    );
  });
});

describe('help is laid out as gh lays it out', () => {
  it("a subcommand's own options and examples come before the inherited ones", async () => {
    const { stdout } = await runCli(['pub', 'stats', '--help']);
    const at = (s: string) => stdout.indexOf(s);
    expect(at('Usage: masg pub stats')).toBe(0);
    expect(at('Options:')).toBeGreaterThan(0);
    expect(at('--level')).toBeGreaterThan(at('Options:'));
    expect(at('Examples:')).toBeGreaterThan(at('--level'));
    expect(at('Inherited options')).toBeGreaterThan(at('Examples:'));
    // Named briefly: the flags, not their descriptions (those are in `masg help options`).
    const inherited = stdout.slice(at('Inherited options'));
    expect(inherited).toContain('`masg help options`');
    expect(inherited).toContain('--timeout <seconds>');
    expect(inherited).not.toContain('per-request timeout');
    expect(inherited.trim().split('\n').length).toBeLessThanOrEqual(6);
  });

  it('a group page lists subcommands and examples, the global options briefly at the end', async () => {
    const { stdout } = await runCli(['pub', '--help']);
    expect(stdout.indexOf('Commands:')).toBeLessThan(stdout.indexOf('Examples:'));
    expect(stdout.indexOf('Examples:')).toBeLessThan(stdout.indexOf('Inherited options'));
    expect(stdout).not.toContain('per-request timeout');
    expect(stdout.split('\n').length).toBeLessThan(35);
  });

  it('masg help options explains every global option', async () => {
    const program = await buildProgram(nullIo({}));
    const { stdout } = await runCli(['help', 'options']);
    for (const option of program.options.filter((o) => !o.hidden && o.long !== '--help')) {
      expect(stdout).toContain(option.flags);
    }
    expect(stdout).toContain('per-request timeout');
  });

  it('defaults are shown as values, not quoted strings', async () => {
    const sync = await runCli(['sync', '--help']);
    expect(sync.stdout).toMatch(/requests in flight at once \(default: 4\)/);
    expect(sync.stdout).not.toMatch(/default: "/);
    const options = await runCli(['help', 'options']);
    expect(options.stdout).toMatch(/\(default: 30\)/);
    expect(options.stdout).toMatch(/default: auto/);
  });

  it('pub create --help says what the service does without --languages', async () => {
    const { stdout } = await runCli(['pub', 'create', '--help']);
    const flat = stdout.replace(/\s+/g, ' ');
    expect(flat).toContain('without it the service stores no language');
    expect(flat).not.toContain('(default: English)');
  });
});
