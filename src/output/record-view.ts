// Records shown vertically, a "field  value" line each: one entity (create/update/view results),
// or the rows of a list whose table cannot show every column whole on the terminal (sync --status:
// few rows of many fields, where a fitted table would leave out why an account failed).
import { paintStatus } from './color.js';
import { captionLines } from './caption.js';
import { headingOf } from './columns.js';
import { box, drawRow, type TableOptions, type TableOutput } from './table-draw.js';
import { clean, type TableData } from './table-measure.js';
import type { Column } from './types.js';
import { displayWidth, loadWidth, truncate, wrapWords } from './width.js';

const frame2 = 7;
const VALUE_MIN = 10;

/** One entity shown vertically (create/update/view results). */
export async function renderVertical(columns: readonly Column[], values: readonly string[], opts: TableOptions): Promise<string> {
  await loadWidth();
  return recordsText(columns, [values], opts);
}

/**
 * A list's rows as records in one box, a rule between two rows, every field whole: values wrap at
 * spaces (a longer word is cut with `…`, whole with --wide). A field empty in every row is left
 * out, as a table leaves out an empty column; the caption (a report's days and zone) comes first.
 */
export async function renderRecords(columns: readonly Column[], data: TableData, opts: TableOptions, emit: TableOutput): Promise<void> {
  await loadWidth();
  const kept = columns.map((_, i) => i).filter((i) => data.values[i].some((v) => v !== ''));
  const rows = Array.from({ length: data.rows }, (_, r) => kept.map((i) => data.values[i][r]));
  const caption = captionLines(opts.caption ?? [], opts.width, opts.chalk);
  await emit(
    caption +
      recordsText(
        kept.map((i) => columns[i]),
        rows,
        opts,
      ),
  );
}

function recordsText(columns: readonly Column[], records: ReadonlyArray<readonly string[]>, opts: TableOptions): string {
  const { chalk } = opts;
  const wide = opts.wide === true;
  let labels = columns.map((c) => clean(headingOf(c)));
  const shown = records.map((values) => columns.map((_, i) => clean(values[i] ?? '')));
  let labelWidth = Math.max(0, ...labels.map(displayWidth));
  let valueWidth = Math.max(0, ...shown.flat().map(displayWidth));
  let cells = shown.map((values) => values.map((v) => [v]));
  if (opts.width !== undefined && labelWidth + valueWidth + frame2 > opts.width) {
    // Values get the room; labels give way only on a very narrow screen (never with --wide).
    const room = opts.width - frame2;
    const valueRoom = Math.max(room - labelWidth, Math.min(valueWidth, VALUE_MIN));
    if (!wide && valueRoom + labelWidth > room) {
      labelWidth = Math.max(1, room - valueRoom);
      labels = labels.map((l) => truncate(l, labelWidth));
    }
    valueWidth = Math.max(1, wide ? valueRoom : Math.min(valueRoom, room - labelWidth));
    cells = shown.map((values) => values.map((v) => wrapWords(v, valueWidth, wide ? 'keep' : 'cut')));
    if (wide) valueWidth = Math.max(valueWidth, ...cells.flat(2).map(displayWidth));
  }
  const widths = [labelWidth, valueWidth];
  const lines = box(widths);
  let text = lines.top + '\n';
  cells.forEach((record, r) => {
    if (r > 0) text += lines.rule + '\n';
    columns.forEach((column, i) => {
      const paint = (k: number, line: string) => (k === 0 ? chalk.bold(line) : column.key === 'status' ? paintStatus(chalk, line) : line);
      text += drawRow([[labels[i]], record[i]], widths, [false, false], paint);
    });
  });
  return text + lines.bottom + '\n';
}
