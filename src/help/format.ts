// Help pages read from commander's tree through its public Help API: the page commander prints
// (formatHelp, laid out by help/render.ts) and the generated pages `masg --help` reads without
// commander (completions/masg-help.json). Inherited (global) options come last, named briefly.
import type { Command, Help, Option } from 'commander';
import { examplesOf, sectionsOf } from './metadata.js';
import type { HelpPages } from './pages.js';
import { renderHelpPage, type HelpPage } from './render.js';

/** A default as the value it is, never as a quoted string: `(default: 4)`, not `(default: "4")`. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value)) return value.map(shown).join(',');
  return String(value);
}

/** The option's description with its choices, default and preset, as values. */
export function optionDescription(option: Option): string {
  const extra: string[] = [];
  if (option.argChoices) extra.push(`one of: ${option.argChoices.join(', ')}`);
  const showDefault = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
  if (option.defaultValue !== undefined && showDefault)
    extra.push(`default: ${option.defaultValueDescription ?? shown(option.defaultValue)}`);
  if (option.presetArg !== undefined && option.optional) extra.push(`alone: ${shown(option.presetArg)}`);
  if (option.envVar !== undefined) extra.push(`env: ${option.envVar}`);
  return extra.length === 0 ? option.description : `${option.description} (${extra.join('; ')})`.trim();
}

const isHelp = (o: Option) => o.long === '--help';

/** The global options a subcommand inherits from the root, as commander shows them. */
function inherited(cmd: Command, helper: Help): Option[] {
  return cmd.parent ? helper.visibleGlobalOptions(cmd) : helper.visibleOptions(cmd).filter((o) => !isHelp(o));
}

/** The page of `cmd`, read through commander's public Help API. */
export function helpPage(cmd: Command, helper: Help): HelpPage {
  const own = cmd.parent ? helper.visibleOptions(cmd) : helper.visibleOptions(cmd).filter(isHelp);
  const globals = inherited(cmd, helper);
  return {
    usage: helper.commandUsage(cmd),
    description: helper.commandDescription(cmd),
    arguments: helper.visibleArguments(cmd).map((a) => ({ term: helper.argumentTerm(a), description: helper.argumentDescription(a) })),
    options: own.map((o) => ({ term: helper.optionTerm(o), description: optionDescription(o) })),
    commands: helper.visibleCommands(cmd).map((s) => ({ term: helper.subcommandTerm(s), description: helper.subcommandDescription(s) })),
    examples: examplesOf(cmd),
    sections: sectionsOf(cmd),
    ...(globals.length > 0
      ? {
          globals: {
            title: `${cmd.parent ? 'Inherited options' : 'Global options'} (\`masg help options\` explains each):`,
            flags: globals.map((o) => o.flags),
          },
        }
      : {}),
  };
}

/** commander's formatHelp hook: masg's layout of the page. */
export function formatHelp(cmd: Command, helper: Help): string {
  return renderHelpPage(helpPage(cmd, helper), helper.helpWidth ?? 80);
}

/** Every visible command's page, the root's included, walked through commander's public API. */
export function helpPages(program: Command): HelpPages {
  const result: HelpPages = { pages: {}, aliases: {} };
  const visit = (cmd: Command, path: string) => {
    const helper = cmd.createHelp();
    result.pages[path] = helpPage(cmd, helper);
    for (const sub of helper.visibleCommands(cmd).filter((c) => cmd.commands.includes(c))) {
      const subPath = path ? `${path} ${sub.name()}` : sub.name();
      for (const alias of sub.aliases()) result.aliases[path ? `${path} ${alias}` : alias] = subPath;
      visit(sub, subPath);
    }
  };
  visit(program, '');
  return result;
}

export function helpPagesJson(program: Command): string {
  return `${JSON.stringify(helpPages(program), null, 1)}\n`;
}
