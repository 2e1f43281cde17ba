// The commander tree reduced to what Tab needs, shipped as completions/masg-spec.json so a key
// press reads one small file instead of loading every command module (bench/startup.js).
import type { Argument, Command, Option } from 'commander';
import { argumentConvention, optionConvention } from './conventions.js';
import { completerOf, type Completer } from './hints.js';

export interface OptionSpec {
  flags: string[];
  description: string;
  /** Whether the flag takes a value; absent for a boolean flag. */
  value?: 'required' | 'optional';
  complete?: Completer;
}

export interface ArgSpec {
  name: string;
  description: string;
  variadic?: boolean;
  complete?: Completer;
}

export interface CommandSpec {
  name: string;
  aliases?: string[];
  description: string;
  options: OptionSpec[];
  args: ArgSpec[];
  commands: CommandSpec[];
}

// Commander keeps its help option outside `options`; every masg command has the same one.
const HELP: OptionSpec = { flags: ['-h', '--help'], description: 'show help' };

/** Through commander's public Help API (visibleCommands), without the implicit `help` it may add. */
export function visibleSubcommands(cmd: Command): Command[] {
  return cmd
    .createHelp()
    .visibleCommands(cmd)
    .filter((sub) => cmd.commands.includes(sub));
}

function optionSpec(o: Option): OptionSpec {
  const complete: Completer | undefined =
    completerOf(o) ?? (o.argChoices ? { values: o.argChoices } : undefined) ?? optionConvention(o.long, o.flags);
  return {
    flags: [o.short, o.long].filter((f): f is string => f !== undefined),
    description: o.description,
    ...(o.required ? { value: 'required' as const } : o.optional ? { value: 'optional' as const } : {}),
    ...(complete && (o.required || o.optional) ? { complete } : {}),
  };
}

function argSpec(a: Argument, group: string | undefined): ArgSpec {
  const complete = completerOf(a) ?? (a.argChoices ? { values: a.argChoices } : undefined) ?? argumentConvention(a.name(), group);
  return {
    name: a.name(),
    description: a.description,
    ...(a.variadic ? { variadic: true } : {}),
    ...(complete ? { complete } : {}),
  };
}

export function buildSpec(cmd: Command, group?: string): CommandSpec {
  const aliases = cmd.aliases();
  return {
    name: cmd.name(),
    ...(aliases.length > 0 ? { aliases } : {}),
    description: cmd.description(),
    options: [...cmd.options.filter((o) => !o.hidden).map(optionSpec), HELP],
    args: cmd.registeredArguments.map((a) => argSpec(a, group)),
    commands: visibleSubcommands(cmd).map((c) => buildSpec(c, cmd.parent ? cmd.name() : undefined)),
  };
}
