// The lines above a table on a terminal: what it shows (a report's days and zone), the columns
// whose one value moved out of the table, and which columns were left out to fit, said once.
import type { ChalkInstance } from 'chalk';
import { displayWidth, truncate, wrapWords } from './width.js';

/** `label: value` items, as many to a line as fit; an item wider than the terminal gets its own lines. */
export function captionLines(items: ReadonlyArray<readonly [string, string]>, width: number | undefined, chalk: ChalkInstance): string {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const flush = () => {
    if (line !== '') lines.push(line);
    line = '';
    used = 0;
  };
  for (const [label, value] of items) {
    const w = displayWidth(label) + 2 + displayWidth(value);
    if (width !== undefined && w > width) {
      flush();
      lines.push(`${chalk.bold(truncate(label, width - 1))}:`, truncate(value, width));
      continue;
    }
    if (line !== '' && width !== undefined && used + 3 + w > width) flush();
    line += `${line === '' ? '' : '   '}${chalk.bold(label)}: ${value}`;
    used += (used === 0 ? 0 : 3) + w;
  }
  flush();
  return lines.map((l) => l + '\n').join('');
}

/**
 * "3 columns hidden (url, tags, description); --wide or --fields to show them": the names every
 * time (they are what --fields takes to show them), the note wrapped at spaces when it is wider
 * than the terminal. A word wider than the terminal is cut: no line of a table's output is wider.
 */
export function hiddenNote(names: readonly string[], width: number, chalk: ChalkInstance): string {
  if (names.length === 0) return '';
  const count = names.length === 1 ? '1 column hidden' : `${names.length} columns hidden`;
  const note = `${count} (${names.join(', ')}); --wide or --fields to show them`;
  return wrapWords(note, Math.max(1, width), 'cut')
    .map((line) => `${chalk.dim(line)}\n`)
    .join('');
}
