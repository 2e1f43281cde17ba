// What Tab offers, decided from the spec of the real commander tree (no shell, no I/O).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nullIo } from '../../src/completion/null-io.js';
import { answer } from '../../src/completion/query.js';
import { buildSpec, type CommandSpec } from '../../src/completion/spec.js';

let spec: CommandSpec;
beforeAll(async () => {
  spec = buildSpec(await buildProgram(nullIo({})));
});

/** `line` as typed after "masg"; a trailing space starts a new, empty word. */
const ask = (line: string) => answer(spec, line.split(' '));
const offered = (line: string) => ask(line).candidates.map((c) => c.value);

describe('words', () => {
  it.each([
    ['', ['pub', 'slot', 'adv', 'campaign', 'login', 'logout', 'whoami', 'sandbox', 'completion', 'help']],
    ['pub ', ['list', 'create', 'update']],
    ['adv', ['adv']],
    ['adve', ['advertiser']],
    ['publication ', ['list', 'create', 'update']],
    ['--sandbox -q pub ', ['list', 'create', 'update']],
    ['-o json pub ', ['list', 'create', 'update']],
  ])('%j offers %j', (line, expected) => {
    expect(offered(line)).toEqual(expect.arrayContaining(expected));
  });

  it('subcommands come with their summaries', () => {
    expect(ask('pub ').candidates).toContainEqual({ value: 'list', description: 'List the publications of the account, sorted by name' });
  });

  it('nothing after the last operand of a command without completion', () => {
    expect(offered('adv list ')).toEqual([]);
  });
});

describe('flags', () => {
  it('a command offers its own flags, then the global ones', () => {
    const flags = offered('pub list --');
    expect(flags[0]).toBe('--status');
    expect(flags).toEqual(expect.arrayContaining(['--output', '--sandbox', '--help', '--no-header']));
  });

  it('a flag already given is not offered again', () => {
    expect(offered('pub list --status ACTIVE --')).not.toContain('--status');
  });

  it('short flags when a short one is being typed', () => {
    expect(offered('pub list -o')).toEqual(['-o']);
  });
});

describe('values', () => {
  it.each([
    ['pub list --status ', ['ACTIVE', 'NEW', 'NEW_REVIEW', 'PAUSED', 'PENDING', 'REJECTED', 'STOPPED']],
    ['pub list --status P', ['PAUSED', 'PENDING']],
    ['pub update x --status S', ['STOPPED']],
    ['pub create --transparent ', ['true', 'false']],
    ['--raw ', ['xml', 'json']],
    ['-o ', ['table', 'csv', 'tsv', 'json', 'ndjson']],
    ['--color n', ['never']],
    ['completion ', ['bash', 'zsh', 'fish']],
    ['pub list --status=A', ['--status=ACTIVE']],
    ['slot create --formats banner,t', ['banner,text']],
    ['slot create --formats banner,text,', ['banner,text,iab300x250']],
    ['pub create --languages en,fr,d', ['en,fr,da', 'en,fr,de', 'en,fr,dv', 'en,fr,dz']],
    ['login --timezone Europe/Berl', ['Europe/Berlin']],
  ])('%j offers %j', (line, expected) => {
    expect(offered(line).sort()).toEqual(expected.sort());
  });

  it('a comma list offers only what is not in it yet', () => {
    expect(offered('pub create --languages en,e')).not.toContain('en,en');
  });

  it('a comma list does not end the word', () => {
    expect(ask('slot create --formats banner,').nospace).toBe(true);
    expect(ask('pub list --status ').nospace).toBeUndefined();
  });

  it('the value of an option is not mistaken for a subcommand', () => {
    expect(offered('--profile pub ')).toEqual(expect.arrayContaining(['pub', 'slot']));
  });

  it.each([['pub stats --date '], ['slot stats x --from y'], ['campaign stats x --to ']])('%j offers the date words that exist', (line) => {
    const group = spec.commands.find((c) => c.name === line.split(' ')[0]);
    if (!group?.commands.some((c) => c.name === 'stats')) return;
    expect(offered(line).every((v) => ['today', 'yesterday'].includes(v))).toBe(true);
    expect(offered(line).length).toBeGreaterThan(0);
  });

  it('paths for --data, and --raw takes no subcommand as its value', () => {
    expect(ask('sandbox --data ').files).toBe(true);
    expect(offered('--raw json pub ')).toEqual(expect.arrayContaining(['list']));
  });
});

describe('live IDs', () => {
  it.each([
    ['pub update ', 'publications'],
    ['slot update ', 'adslots'],
    ['slot list --publication ', 'publications'],
    ['slot create --name x --publication=', 'publications'],
    ['campaign list ', 'advertisers'],
    ['campaign view ', 'campaigns'],
  ])('%j wants %s', (line, kind) => {
    expect(ask(line).ids?.kind).toBe(kind);
  });

  it.each([['pub stats '], ['slot stats '], ['campaign stats ']])('%j wants IDs once the stats commands exist', (line) => {
    const group = spec.commands.find((c) => c.name === line.split(' ')[0]);
    if (!group?.commands.some((c) => c.name === 'stats')) return;
    expect(ask(line).ids).toBeDefined();
  });

  it('the account is chosen by the flags on the line', () => {
    expect(ask('--sandbox pub update ').globals).toEqual({ sandbox: true });
    expect(ask('-p work --base-url https://x.example pub update ').globals).toEqual({ profile: 'work', baseUrl: 'https://x.example' });
    expect(ask('pub update --profile=ci ').globals).toEqual({ profile: 'ci' });
  });

  it('what was typed filters and prefixes', () => {
    expect(ask('slot list --publication=ab').ids).toEqual({ kind: 'publications', prefix: '--publication=', partial: 'ab' });
  });
});
