// Drawing a box: its border lines and a row of cells (several lines when a cell wraps), and the
// options of what is drawn; shared by tables (table.ts) and record views (record-view.ts).
import type { ChalkInstance } from 'chalk';
import { displayWidth } from './width.js';

export interface TableOptions {
  chalk: ChalkInstance;
  totals?: string[];
  /** Terminal width; undefined = unknown (piped): nothing is fitted, cut or wrapped. */
  width?: number;
  wide?: boolean;
  /** What the table shows (`day: 2026-11-26`, `zone: …`), said above it on a terminal only. */
  caption?: ReadonlyArray<readonly [string, string]>;
  /** A table that cannot show every non-empty column whole at `width` is drawn as one record per row (record-view.ts). */
  records?: boolean;
}

export type TableOutput = (text: string) => Promise<void> | void;

export interface Box {
  top: string;
  rule: string;
  bottom: string;
}

export function box(widths: readonly number[]): Box {
  const runs = widths.map((w) => '─'.repeat(w + 2));
  return { top: `┌${runs.join('┬')}┐`, rule: `├${runs.join('┼')}┤`, bottom: `└${runs.join('┴')}┘` };
}

/** One table line, or several for a row whose cells wrap; `known[k]` is a one-line cell's measured width, else -1. */
export function drawRow(
  cells: readonly string[][],
  widths: readonly number[],
  right: readonly boolean[],
  paint: (k: number, line: string) => string,
  known?: readonly number[],
): string {
  let height = 1;
  for (const c of cells) if (c.length > height) height = c.length;
  let text = '';
  for (let line = 0; line < height; line++) {
    text += '│';
    for (let k = 0; k < cells.length; k++) {
      const value = cells[k][line] ?? '';
      const used = known && height === 1 && known[k] >= 0 ? known[k] : displayWidth(value);
      const fill = ' '.repeat(Math.max(0, widths[k] - used));
      const shown = value === '' ? '' : paint(k, value);
      text += right[k] ? ` ${fill}${shown} │` : ` ${shown}${fill} │`;
    }
    text += '\n';
  }
  return text;
}
