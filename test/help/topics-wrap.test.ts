// `masg help <topic>` at 80 columns (and narrower): prose wraps as paragraphs, never leaving a
// fragment such as "3);" on a line of its own, and an example is broken only with a trailing `\`,
// so pasting it runs one command. The examples' dates are relative: they stay in the sandbox's 90 days.
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../../src/help/topics.js';
import { runCli } from '../helpers/cli.js';

const help = async (topic: string, columns: number) => (await runCli(['help', topic], { env: { COLUMNS: String(columns) } })).stdout;

describe.each(Object.keys(HELP_TOPICS))('masg help %s', (topic) => {
  it.each([80, 60])('at %i columns: no line too wide, no stray fragment', async (columns) => {
    const lines = (await help(topic, columns)).split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
    // A paragraph's continuation holding one short word or two is a fragment of a hard-broken source line.
    lines.forEach((line, i) => {
      const prose = (l: string | undefined) => l !== undefined && /^\S/.test(l);
      // Not a paragraph's last line: that one may hold a single word.
      const continues = prose(line) && prose(lines[i - 1]) && !lines[i - 1]!.endsWith(':') && prose(lines[i + 1]);
      if (continues) expect(line.trim().split(' ').length, line).toBeGreaterThan(2);
    });
  });

  it('examples are whole commands, or continued with a trailing backslash', async () => {
    const lines = (await help(topic, 60)).split('\n');
    lines.forEach((line, i) => {
      if (!/^ {6}\S/.test(line) || i === 0) return;
      const before = lines[i - 1]!;
      if (before.startsWith('  $ ') || before.endsWith(' \\')) expect(before.endsWith(' \\'), `${before}\n${line}`).toBe(true);
    });
  });
});

describe('masg help dates', () => {
  it('its examples use relative days (inside the sandbox’s 90 days, whenever it is read)', async () => {
    const examples = (await help('dates', 200)).split('\n').filter((l) => l.startsWith('  $ '));
    expect(examples.length).toBeGreaterThan(0);
    for (const e of examples) expect(e).not.toMatch(/\d{4}-\d{2}-\d{2}|\d{10}/);
  });

  it('at 80 columns the zone example is broken with a backslash before --tz', async () => {
    const text = await help('dates', 80);
    expect(text).toMatch(/--interval hour \\\n {6}--tz Europe\/Berlin/);
    expect(text).not.toMatch(/^3\);$/m);
  });
});
