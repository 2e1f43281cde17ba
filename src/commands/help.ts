// `masg help [command… | topic]`: commander's own help command, kept working for commands
// (`masg help pub list`), plus topics that belong to no single command. Registered after every
// other command, because it offers their names to Tab and gives group pages their examples.
import { Argument, type Command } from 'commander';
import type { Io } from '../context.js';
import { UsageError } from '../core/errors.js';
import { completeWith } from '../completion/hints.js';
import type { GroupDef } from './define.js';
import { HELP_TOPICS } from './help-topics.js';

function examplesText(examples: string[]): string {
  return `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`;
}

const ROOT_EXAMPLES = [
  'masg login --email me@example.com --base-url https://api.example.com/v1',
  'masg pub list --status ACTIVE',
  'masg --sandbox slot list -o json',
  'masg help dates',
];

export function registerHelp(program: Command, io: Io, groups: GroupDef[]): void {
  const topics = Object.keys(HELP_TOPICS);
  // A group's page (`masg pub --help`) shows the first example of each of its subcommands.
  for (const group of groups) {
    const cmd = program.commands.find((c) => c.name() === group.name);
    cmd?.addHelpText('after', examplesText(group.commands.map((d) => d.examples[0]).filter((e): e is string => !!e)));
  }
  program.addHelpText(
    'after',
    examplesText(ROOT_EXAMPLES) +
      `\nHelp topics:\n${topics.map((t) => `  masg help ${t.padEnd(12)} ${HELP_TOPICS[t].summary}`).join('\n')}\n`,
  );

  const subject = new Argument('[subject...]', `a command (e.g. "pub list") or a topic: ${topics.join(', ')}`);
  completeWith(subject, { values: [...topics, ...program.commands.map((c) => c.name())] });
  program
    .command('help')
    .description(`show help for a command, or a topic: ${topics.join(', ')}`)
    .addArgument(subject)
    .addHelpText('after', examplesText(['masg help pub list', 'masg help exit-codes', 'masg help environment']))
    .action((words: string[]) => {
      const topic = words.length === 1 ? HELP_TOPICS[words[0]] : undefined;
      if (topic) {
        io.stdout.write(topic.text);
        return;
      }
      let target = program;
      for (const word of words) {
        const sub = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!sub) {
          throw new UsageError(`No help for "${words.join(' ')}": not a command or a help topic.`, {
            hint: `Topics: ${topics.join(', ')}. Commands: masg --help.`,
          });
        }
        target = sub;
      }
      target.outputHelp();
    });
}
