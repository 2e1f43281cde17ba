// Help: every command's page ends with examples, and `masg help` also knows topics.
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nullIo } from '../../src/completion/null-io.js';
import { runCli } from '../helpers/cli.js';

function allCommands(cmd: Command, path: string[] = []): Array<[string, Command]> {
  const here: Array<[string, Command]> = [[['masg', ...path].join(' '), cmd]];
  return here.concat(cmd.commands.flatMap((c) => allCommands(c, [...path, c.name()])));
}

async function helpPages(): Promise<Array<[string, string]>> {
  // A Writable that keeps each write at once: a PassThrough's read() right after a write is
  // empty on Node 26, where the transform runs a tick later.
  let page = '';
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      page += String(chunk);
      done();
    },
  });
  const program = await buildProgram({ ...nullIo({}), stdout: out });
  return allCommands(program).map(([name, cmd]) => {
    page = '';
    cmd.outputHelp();
    return [name, page];
  });
}

describe('every command has examples in its --help', async () => {
  const pages = await helpPages();
  it.each(pages)('%s', (name, page) => {
    // An example may run masg after a shell step (`mkdir -p … && masg …`, `echo KEY | masg login …`).
    expect(page, `${name} --help has no "Examples:" section: add examples to its defineCommand()`).toMatch(
      /\nExamples:\n(?: {2}# .*\n)* {2}\$ (?:[^\n]*\\\n)*[^\n]*\bmasg /,
    );
  });
});

describe('help topics', () => {
  it('exit-codes: every code of the product brief with its meaning', async () => {
    const run = await runCli(['help', 'exit-codes']);
    expect(run.code).toBe(0);
    for (const [code, words] of [
      ['0', 'success'],
      ['1', 'internal error'],
      ['2', 'usage'],
      ['3', 'credentials'],
      ['4', 'rejected'],
      ['5', 'the service rejected the request'],
      ['6', 'network'],
      ['7', 'local file could not be written'],
      ['8', 'partial'],
      ['130', 'interrupted'],
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^ {2}${code} +.*${words}`, 'm'));
    }
  });

  it('environment: every variable masg reads', async () => {
    const run = await runCli(['help', 'environment']);
    for (const name of [
      'MASG_PROFILE',
      'MASG_BASE_URL',
      'MASG_EMAIL',
      'MASG_DEVELOPER_KEY',
      'MASG_CONFIG_DIR',
      'MASG_KEYRING',
      'MASG_NOTIFY_URL',
      'NO_COLOR',
      'FORCE_COLOR',
      'HTTP_PROXY',
      'HTTPS_PROXY',
      'NO_PROXY',
    ]) {
      expect(run.stdout).toContain(name);
    }
  });

  it('dates: the syntax of --date, --from/--to and --tz', async () => {
    const run = await runCli(['help', 'dates']);
    for (const token of [
      '--date',
      '--from',
      '--to',
      'YYYY-MM-DD',
      'YYYY-MM-DDTHH',
      'YYYYMMDDHH',
      'today',
      'yesterday',
      '-7d',
      '--tz',
      '00 to 23',
    ]) {
      expect(run.stdout).toContain(token);
    }
  });

  it('the main help lists the topics', async () => {
    const run = await runCli(['--help']);
    expect(run.stdout).toMatch(/Help topics:\n {2}masg help exit-codes/);
  });
});

describe('masg help <command> still works', () => {
  it('shows the same page as --help', async () => {
    const viaHelp = await runCli(['help', 'pub', 'list']);
    const viaFlag = await runCli(['pub', 'list', '--help']);
    expect(viaHelp).toMatchObject({ code: 0, stderr: '' });
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toContain('--status');
  });

  it('knows aliases, and `masg help` alone is the main page', async () => {
    expect((await runCli(['help', 'publication'])).stdout).toBe((await runCli(['pub', '--help'])).stdout);
    expect((await runCli(['help'])).stdout).toBe((await runCli(['--help'])).stdout);
  });

  it('an unknown subject is a usage error naming the topics', async () => {
    const run = await runCli(['help', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not a command or a help topic/);
    expect(run.stderr).toMatch(/exit-codes, environment, dates/);
  });
});
