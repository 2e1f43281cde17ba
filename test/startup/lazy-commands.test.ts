// A run loads only the command group its command line names (src/commands/index.ts); the other
// commands are stubs. Whatever was loaded, the program must look the same: the root help (names,
// aliases, "[options] <path>" terms, summaries), the group pages, and the word that is picked out
// of argv must be the one commander dispatches on.
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { commandWord, groups, NotLoaded, topLevel } from '../../src/commands/index.js';
import { nullIo } from '../../src/completion/null-io.js';

const io = nullIo({});
const full = await buildProgram(io);
const sub = (p: Command, name: string) => p.commands.find((c) => c.name() === name)!;

describe('a program built for one command', () => {
  for (const name of [...groups, ...topLevel].map((e) => e.name)) {
    it(`(${name}) has the same root help as the whole program, and the same page for ${name}`, async () => {
      const lazy = await buildProgram(io, [name, '--x']);
      expect(lazy.helpInformation()).toBe(full.helpInformation());
      expect(sub(lazy, name).helpInformation()).toBe(sub(full, name).helpInformation());
      expect(lazy.commands.map((c) => [c.name(), c.aliases()])).toEqual(full.commands.map((c) => [c.name(), c.aliases()]));
    });
  }

  it('loads only the group argv names', async () => {
    const lazy = await buildProgram(io, ['--sandbox', '-o', 'csv', 'pub', 'stats']);
    expect(sub(lazy, 'pub').commands.map((c) => c.name())).toEqual(['list', 'view', 'create', 'update', 'stats']);
    expect(sub(lazy, 'slot').commands).toEqual([]);
    expect(sub(lazy, 'sync').options.map((o) => o.long)).toEqual(['--not-loaded']);
  });
});

describe('the command word', () => {
  const word = (...argv: string[]) => commandWord(full, argv);
  it('skips global options and their values as commander does', () => {
    expect(word('pub', 'stats')).toBe('pub');
    expect(word('--sandbox', '-o', 'csv', 'pub', 'stats')).toBe('pub');
    expect(word('--profile', 'slot', 'sync')).toBe('sync');
    expect(word('-p', 'x', '--base-url', 'http://h', 'publication', 'list')).toBe('publication');
    expect(word('-ocsv', '--profile=x', '--timeout', '5', 'slot')).toBe('slot');
    expect(word('--raw', 'json', 'api', '/x')).toBe('api');
    expect(word('--raw', '--debug', 'api', '/x')).toBe('api');
    expect(word('--no-header', '-q', '--dry-run', 'campaign')).toBe('campaign');
  });
  it('is none when commander would not dispatch plainly: everything is loaded then', () => {
    expect(word()).toBeUndefined();
    expect(word('--help', 'pub')).toBeUndefined();
    expect(word('--bogus', 'pub')).toBeUndefined();
    expect(word('--', 'pub')).toBeUndefined();
    expect(word('-qo', 'csv', 'pub')).toBeUndefined();
    expect(word('--sandbox=1', 'pub')).toBeUndefined();
  });
});

describe('a stub that commander runs after all', () => {
  it('asks for the whole program (main then parses again with everything loaded)', async () => {
    const lazy = await buildProgram(io, ['pub']);
    await expect(lazy.parseAsync(['sync', '--help'], { from: 'user' })).rejects.toThrow(NotLoaded);
    await expect(lazy.parseAsync(['api'], { from: 'user' })).rejects.toThrow(NotLoaded);
  });
});
