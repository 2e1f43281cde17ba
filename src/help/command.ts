// `masg help [command… | topic]`: commander's own help command, kept working for commands
// (`masg help pub list`), plus topics that belong to no single command. Registered after every
// other command, because it offers their names to Tab.
import { Argument, type Command } from 'commander';
import type { Io } from '../context.js';
import { UsageError } from '../core/errors.js';
import { completeWith } from '../completion/hints.js';
import { HELP_TOPICS } from './topics.js';
import { addSection, setExamples } from './metadata.js';
import { optionDescription } from './format.js';
import { exampleLines, formatItem } from './render.js';
import { textWidth, wrapText } from '../output/wrap.js';

const ROOT_EXAMPLES = ['masg --sandbox pub list --status ACTIVE', 'masg --sandbox slot list -o json', 'masg help dates'];

/** The topic that explains the global options, generated from the program so it never drifts. */
const OPTIONS_TOPIC = { name: 'options', summary: 'the global options every command takes' };

function optionsTopic(program: Command, width: number): string {
  const helper = program.createHelp();
  const options = helper.visibleOptions(program).filter((o) => o.long !== '--help');
  const termWidth = Math.max(...options.map((o) => helper.optionTerm(o).length));
  const items = options.map((o) => formatItem(helper.optionTerm(o), termWidth, optionDescription(o), width));
  const intro =
    'Every command takes these, before or after its own words: `masg --sandbox pub list` and `masg pub list --sandbox` are the same.';
  return `Global options\n\n${wrapText(intro, width)}\n\n${items.join('\n')}\n\n${wrapText(
    'Precedence: command-line flag > environment > profile > default.',
    width,
  )}\n`;
}

export function registerHelp(program: Command, io: Io): void {
  const topics = [...Object.keys(HELP_TOPICS), OPTIONS_TOPIC.name];
  const summaries: Record<string, string> = {
    ...Object.fromEntries(Object.entries(HELP_TOPICS).map(([name, t]) => [name, t.summary])),
    [OPTIONS_TOPIC.name]: OPTIONS_TOPIC.summary,
  };
  setExamples(program, ROOT_EXAMPLES);
  addSection(
    program,
    'Help topics:',
    topics.map((t) => `  masg help ${t.padEnd(12)} ${summaries[t]}`),
  );

  const subject = new Argument('[subject...]', `a command (e.g. "pub list") or a topic: ${topics.join(', ')}`);
  completeWith(subject, { values: [...topics, ...program.commands.map((c) => c.name())] });
  const help = program
    .command('help')
    .description(`show help for a command, or a topic: ${topics.join(', ')}`)
    .addArgument(subject)
    .action((words: string[]) => {
      const width = textWidth(io.stdout, io.env);
      if (words.length === 1 && words[0] === OPTIONS_TOPIC.name) {
        io.stdout.write(optionsTopic(program, width));
        return;
      }
      const topic = words.length === 1 ? HELP_TOPICS[words[0]] : undefined;
      if (topic) {
        io.stdout.write(topicText(topic.text, width));
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
  setExamples(help, ['masg help pub list', 'masg help exit-codes', 'masg help options']);
}

/** A topic's prose wrapped at spaces; its `  $ …` examples broken only with ` \\`, so they paste as one command. */
function topicText(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('  $ ') ? exampleLines(line.slice(4), width).join('\n') : wrapText(line, width)))
    .join('\n');
}
