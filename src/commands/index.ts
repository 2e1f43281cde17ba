// Every command's name, summary and loader. A run loads only the command its argv names; the
// others are stubs that help and "Did you mean" see exactly as the real commands.
import type { Command } from 'commander';
import type { Io } from '../context.js';
import type { AnyCommandDef, AnySubcommandDef, GroupDef } from '../command-kit/define.js';
import { attach } from '../command-kit/run.js';
import { setExamples } from '../help/metadata.js';
import { registerHelp } from '../help/command.js';

interface GroupEntry {
  name: string;
  summary: string;
  aliases?: string[];
  load: () => Promise<AnySubcommandDef[]>;
}

interface TopEntry {
  name: string;
  /** Written here so help and the stubs need not load the handler. */
  summary: string;
  usage?: string;
  load: () => Promise<AnyCommandDef>;
}

export const groups: GroupEntry[] = [
  {
    name: 'pub',
    summary: 'Publications: the mobile sites and apps that show ads',
    aliases: ['publication'],
    load: async () => (await import('./pub/index.js')).commands,
  },
  {
    name: 'slot',
    summary: 'Ad slots: the places in a publication where ads show',
    aliases: ['adslot'],
    load: async () => (await import('./slot/index.js')).commands,
  },
  {
    name: 'adv',
    summary: 'Advertisers of the account',
    aliases: ['advertiser'],
    load: async () => (await import('./adv/index.js')).commands,
  },
  { name: 'campaign', summary: "Advertisers' campaigns", load: async () => (await import('./campaign/index.js')).commands },
];

export const topLevel: TopEntry[] = [
  {
    name: 'login',
    summary: 'Save credentials for a profile, after checking them with the service',
    usage: '[options]',
    load: async () => (await import('./auth/login.js')).login,
  },
  { name: 'logout', summary: 'Remove the saved credentials of a profile', load: async () => (await import('./auth/logout.js')).logout },
  {
    name: 'whoami',
    summary: 'Show the profile, e-mail, base URL, time zone, where the key comes from (masked), and check them with the service',
    load: async () => (await import('./auth/whoami.js')).whoami,
  },
  {
    name: 'profiles',
    summary: 'List the saved profiles: e-mail, base URL, time zone, where the key lives (never the key), which is active',
    load: async () => (await import('./auth/profiles.js')).profiles,
  },
  {
    name: 'switch',
    summary: 'Make a saved profile the active one (used without --profile or MASG_PROFILE)',
    usage: '<profile>',
    load: async () => (await import('./auth/switch.js')).switchProfile,
  },
  {
    name: 'notify-url',
    summary: "Save (set) or remove the profile's webhook for masg pulse --notify; the URL is read from stdin or a hidden prompt",
    usage: '<action>',
    load: async () => (await import('./auth/notify-url.js')).notifyUrl,
  },
  {
    name: 'api',
    summary: 'Call any endpoint and print the response body as received',
    usage: '[options] <path>',
    load: async () => (await import('./api.js')).api,
  },
  {
    name: 'sandbox',
    summary: 'Run the local sandbox service in the foreground (Ctrl-C stops it)',
    usage: '[options]',
    load: async () => (await import('./sandbox.js')).sandbox,
  },
  {
    name: 'completion',
    summary: 'Print the shell completion script for bash, zsh or fish',
    usage: '<shell>',
    load: async () => (await import('./completion.js')).completion,
  },
  {
    name: 'sync',
    summary: 'Keep a DuckDB or PostgreSQL database of the statistics up to date (incremental, safe to re-run)',
    usage: '[options]',
    load: async () => (await import('./sync.js')).sync,
  },
  {
    name: 'pulse',
    summary: 'How a day went: headline figures against the days before, movers, and findings (exit 9 on an alert)',
    usage: '[options]',
    load: async () => (await import('./pulse.js')).pulse,
  },
  {
    name: 'sql',
    summary: 'Run a SQL query on the warehouse of masg sync and print the result (-o table|csv|tsv|json|ndjson)',
    usage: '[options] <query>',
    load: async () => (await import('./sql.js')).sql,
  },
  {
    name: 'mcp',
    summary: 'Serve the account to AI agents over the Model Context Protocol (stdio); read-only unless --allow-writes',
    usage: '[options]',
    load: async () => (await import('./mcp.js')).mcp,
  },
];

export async function loadGroups(): Promise<GroupDef[]> {
  return Promise.all(groups.map(async (g) => ({ name: g.name, summary: g.summary, aliases: g.aliases, commands: await g.load() })));
}

/** Every command with the words that run it ("pub list"), for docs and tests. Loads everything. */
export async function commandTable(): Promise<Array<{ path: string; def: AnyCommandDef }>> {
  const [loaded, tops] = await Promise.all([loadGroups(), Promise.all(topLevel.map((t) => t.load()))]);
  return [
    ...loaded.flatMap((g) => g.commands.map((def) => ({ path: `${g.name} ${commandName(def.name)}`, def }))),
    ...tops.map((def) => ({ path: commandName(def.name), def })),
  ];
}

const commandName = (name: string): string => name.split(' ')[0];

/** Thrown by a stub that commander ran after all: src/cli.ts then loads everything and parses again. */
export class NotLoaded extends Error {
  constructor(name: string) {
    super(`masg: the command "${name}" was not loaded`);
    this.name = 'NotLoaded';
  }
}

/** With `argv`, only the command it names is loaded; when it names none, everything is. */
export async function registerCommands(program: Command, io: Io, version: string, argv?: string[]): Promise<void> {
  const word = argv === undefined ? undefined : commandWord(program, argv);
  const wanted = word === undefined ? undefined : [...groups, ...topLevel].find((e) => e.name === word || aliasesOf(e).includes(word));
  const loads = (e: GroupEntry | TopEntry) => wanted === undefined || wanted === e;
  const [loaded, tops] = await Promise.all([
    Promise.all(groups.map(async (g) => (loads(g) ? { ...g, commands: await g.load() } : g))),
    Promise.all(topLevel.map(async (t) => (loads(t) ? { entry: t, def: await t.load() } : { entry: t }))),
  ]);
  const groupDefs: GroupDef[] = [];
  for (const group of loaded) {
    const parent = program.command(group.name).description(group.summary);
    if (group.aliases) parent.aliases(group.aliases);
    if (!('commands' in group)) {
      stub(parent, group.name);
      continue;
    }
    for (const def of group.commands) {
      const cmd = parent.command(def.name).description(def.summary);
      attach(cmd, def, io, version);
      setExamples(cmd, def.examples);
    }
    groupDefs.push({ name: group.name, summary: group.summary, aliases: group.aliases, commands: group.commands });
  }
  for (const { entry, def } of tops) {
    if (def) {
      const cmd = program.command(def.name).description(entry.summary);
      attach(cmd, def, io, version);
      setExamples(cmd, def.examples);
    } else {
      const cmd = program.command(entry.name).description(entry.summary);
      for (const word of entry.usage?.split(' ') ?? []) {
        // commander lists a command with options as "name [options]": a hidden option says so.
        if (word === '[options]') cmd.addOption(cmd.createOption('--not-loaded').hideHelp());
        else cmd.argument(word);
      }
      stub(cmd, entry.name);
    }
  }
  registerHelp(program, io, groupDefs);
}

const aliasesOf = (e: GroupEntry | TopEntry): string[] => ('aliases' in e && e.aliases) || [];

function stub(cmd: Command, name: string): void {
  (cmd.parent as Command).hook('preSubcommand', (_, sub) => {
    if (sub === cmd) throw new NotLoaded(name);
  });
}

/**
 * The first word of argv that is not a global option or its value, as commander reads it;
 * undefined when anything but plain global options precedes it (then everything is loaded).
 */
export function commandWord(program: Command, argv: string[]): string | undefined {
  const find = (flag: string) => program.options.find((o) => o.short === flag || o.long === flag);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help' || arg === '--') return undefined;
    if (!arg.startsWith('-') || arg === '-') return arg;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const option = find(eq > 0 ? arg.slice(0, eq) : arg.startsWith('--') ? arg : arg.slice(0, 2));
    if (!option) return undefined;
    const takesValue = option.required || option.optional;
    if (eq > 0) {
      if (!takesValue) return undefined;
    } else if (!arg.startsWith('--') && arg.length > 2) {
      // `-ocsv` carries its value; `-qo csv` (flags run together) is left to commander.
      if (!takesValue) return undefined;
    } else if (option.required) i++;
    else if (option.optional && i + 1 < argv.length && !argv[i + 1].startsWith('-')) i++;
  }
  return undefined;
}
