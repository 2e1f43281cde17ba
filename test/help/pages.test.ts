// `masg --help` and `masg pub list --help` read completions/masg-help.json instead of building the
// commander tree (src/help/pages.ts). The page printed that way must be byte for byte the one
// commander prints, for every command, name or alias, at every width; anything else that asks for
// help still reaches commander.
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { commandSpecs, groups } from '../../src/commands/index.js';
import { nullIo } from '../../src/completion/null-io.js';
import { helpPages } from '../../src/help/format.js';
import { requestedPage, type HelpPages } from '../../src/help/pages.js';
import { runCli } from '../helpers/cli.js';

let program: Command;
let pages: HelpPages;
beforeAll(async () => {
  program = await buildProgram(nullIo({}));
  pages = helpPages(program);
});

/** What commander itself prints for the command at `path`, `columns` wide. */
async function commanderHelp(path: string, columns: number): Promise<string> {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  const io = { ...nullIo({ COLUMNS: String(columns) }), stdout };
  let cmd = await buildProgram(io);
  for (const word of path.split(' ').filter(Boolean)) cmd = cmd.commands.find((c) => c.name() === word)!;
  cmd.outputHelp();
  return Buffer.concat(chunks).toString('utf8');
}

describe('the generated page is the page commander prints', () => {
  it('covers every registered command, the groups, the root and `help`', () => {
    const registered = commandSpecs().map((c) => c.path);
    expect(registered.length).toBeGreaterThan(25);
    expect(Object.keys(pages.pages).sort()).toEqual(
      expect.arrayContaining([...registered, ...groups.map((g) => g.name), '', 'help', 'version'].sort()),
    );
  });

  it.each([40, 80, 132])('every command at %i columns', async (columns) => {
    for (const path of Object.keys(pages.pages)) {
      const argv = [...path.split(' ').filter(Boolean), '--help'];
      const run = await runCli(argv, { env: { COLUMNS: String(columns) } });
      expect({ path, code: run.code, stderr: run.stderr }).toEqual({ path, code: 0, stderr: '' });
      expect(run.stdout, `masg ${argv.join(' ')}`).toBe(await commanderHelp(path, columns));
    }
  });

  it('`masg`, `masg -h`, `masg help pub list` and an alias (`masg publication list --help`) print the same pages', async () => {
    const root = await commanderHelp('', 80);
    const pubList = await commanderHelp('pub list', 80);
    const env = { COLUMNS: '80' };
    expect((await runCli([], { env })).stdout).toBe(root);
    expect((await runCli(['-h'], { env })).stdout).toBe(root);
    expect((await runCli(['help'], { env })).stdout).toBe(root);
    expect((await runCli(['help', 'pub', 'list'], { env })).stdout).toBe(pubList);
    expect((await runCli(['publication', 'list', '--help'], { env })).stdout).toBe(pubList);
  });
});

describe('what is not a plain help request is left to commander', () => {
  it.each([
    [['--sandbox', 'pub', 'list', '--help']],
    [['pub', 'view', 'abc', '--help']],
    [['help', 'options']],
    [['help', 'dates']],
    [['pub', 'nosuch', '--help']],
    [['pub', 'list', '--status', 'ACTIVE']],
  ])('%j', (argv) => {
    expect(requestedPage(argv, pages)).toBeUndefined();
  });

  it('commander still answers them: an option before --help, a topic, an unknown subcommand', async () => {
    const env = { COLUMNS: '80' };
    expect((await runCli(['--sandbox', 'pub', 'list', '--help'], { env })).stdout).toBe(await commanderHelp('pub list', 80));
    expect((await runCli(['help', 'dates'], { env })).stdout).toMatch(/^Dates/);
    const unknown = await runCli(['pub', 'nosuch', '--help'], { env });
    expect(unknown.stdout).toBe(await commanderHelp('pub', 80));
  });
});
