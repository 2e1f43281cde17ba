// Renders a handler's result: the one place commands meet the output module. Lists, records,
// raw bodies, statistics reports (rows, totals, --out, --chart), bulk plans and dry runs all
// reach stdout or their file from here.
import type { Context } from '../context.js';
import type { CommandResult, ReportResult } from './define.js';
import { outFile, settingsFor } from './out-file.js';
import type { Column, Row } from '../output/types.js';

export async function render(ctx: Context, result: CommandResult): Promise<void> {
  if (result.kind === 'done' || result.kind === 'dry-run') return;
  if (result.kind === 'raw') {
    // The bytes as they arrived (production's JSON is Latin-1: never re-encoded). Only a terminal
    // gets a final newline the body lacks, so the prompt does not start after the body.
    ctx.io.stdout.write(result.bytes);
    if (ctx.io.stdout.isTTY && result.bytes.at(-1) !== 0x0a) ctx.io.stdout.write('\n');
    if (result.failure) throw result.failure;
    return;
  }
  if (result.kind === 'text') {
    ctx.io.stdout.write(result.text);
    if (result.failure) throw result.failure;
    return;
  }
  if (result.kind === 'stream') return renderStream(ctx, result);
  if (result.kind === 'report') return result.chart ? renderChart(ctx, result, result.chart) : renderReport(ctx, result);
  const { renderRows, renderRecord } = await import('../output/index.js');
  const settings = await ctx.outputSettings();
  const out = ctx.io.stdout;
  if (result.kind === 'rows') {
    const fields = fieldsFor(settings, result.tableFields);
    await renderRows(out, result.columns, result.rows, { ...settings, fields });
    if (result.rows.length === 0) (await ctx.ui()).info(`No ${result.entity}.`);
    return;
  }
  await renderRecord(out, result.columns, result.row, settings);
  if (result.failure) throw result.failure;
}

/**
 * Rows written as they are parsed: csv/tsv/json/ndjson memory stays flat whatever the list's
 * size (a table buffers, up to its limit). With --out the file appears only when the whole list
 * was read; on stdout a failure after some rows says how many went out, so a pipe's reader
 * knows what it got is incomplete.
 */
async function renderStream(ctx: Context, streamed: Extract<CommandResult, { kind: 'stream' }>): Promise<void> {
  try {
    await writeStream(ctx, streamed);
  } finally {
    await streamed.close?.();
  }
}

async function writeStream(ctx: Context, streamed: Extract<CommandResult, { kind: 'stream' }>): Promise<void> {
  const result = { ...streamed, out: outFile(streamed.out) };
  const settings = await settingsFor(ctx, result.out);
  const fields = fieldsFor(settings, result.tableFields);
  const [{ createRowWriter, writeCsvBytes, writesCsvBytes }, file] = await Promise.all([
    import('../output/index.js'),
    result.out === undefined ? undefined : import('../output/atomic-file.js').then((m) => m.openAtomicFile(result.out!)),
  ]);
  let count = 0;
  const out = file?.stream ?? ctx.io.stdout;
  try {
    if (result.csv && writesCsvBytes(out, { ...settings, fields })) {
      await writeCsvBytes(out, result.columns, settings, result.csv, (rows) => (count += rows));
    } else {
      const writer = createRowWriter(out, result.columns, { ...settings, fields });
      for await (const batch of result.batches) {
        for (const row of batch) {
          count++;
          const pending = writer.write(row);
          if (pending !== undefined) await pending;
        }
      }
      await writer.end();
    }
    await file?.commit();
  } catch (err) {
    await file?.abort();
    if (!file && count > 0 && settings.format !== 'table' && isMasgError(err)) {
      (await ctx.ui()).warn(`The output is incomplete: it stopped after ${count} ${result.entity}.`);
    }
    // A full disk or a file-size limit under --out is the file's failure (exit 7, naming it).
    throw file ? file.explain(err) : err;
  }
  const ui = await ctx.ui();
  if (count === 0) ui.info(`No ${result.entity}.`);
  // A notice, not info: the data went to the file, so -o csv/json must not silence it.
  if (file) ui.notice(`Wrote ${count} ${result.entity} to ${result.out}.`);
}

/**
 * A statistics report: rows as they arrive, a totals row under a table, --out written atomically.
 * A stream that breaks mid-way into --out is started again from an empty file (nothing of the
 * temporary file has reached FILE yet), within the transport's budget: --retries and --deadline.
 * On stdout the rows already printed cannot be taken back: no restart there (exit 6).
 */
async function renderReport(ctx: Context, report: ReportResult): Promise<void> {
  const out = outFile(report.out);
  const settings = await settingsFor(ctx, out);
  const [{ createRowWriter }, { TotalsAccumulator, withRowRatios }, { DEFAULT_POLICY, Transient, withRetries, secs }, ui] =
    await Promise.all([import('../output/index.js'), import('../stats/totals.js'), import('../api/retry.js'), ctx.ui()]);
  // Opened before any request: a read-only folder or a full disk is found before the work.
  const file = out === undefined ? undefined : await (await import('../output/atomic-file.js')).openAtomicFile(out);
  const names = report.names?.() ?? Promise.resolve(undefined);
  const policy = { ...DEFAULT_POLICY, retries: report.retry.retries, deadlineAt: report.retry.deadlineAt };
  try {
    const rows = await withRetries(
      async (attempt) => {
        if (attempt > 1) await file!.restart();
        // The writer opens once the names are known (they decide the table's columns); the
        // report is already under way meanwhile, and its first row waits for them.
        let writer: ReturnType<typeof createRowWriter> | undefined;
        let addNames: ((row: Row) => void) | undefined;
        let columns: Column[] = report.idColumns;
        const opened = names.then((found) => {
          addNames = found;
          // A table without names shows the IDs only; an explicit --fields keeps its header.
          columns = found !== undefined || settings.fields !== undefined ? report.columns : report.idColumns;
          writer = createRowWriter(file?.stream ?? ctx.io.stdout, columns, settings);
        });
        const totals = settings.format === 'table' ? new TotalsAccumulator(report.idColumns) : undefined;
        const write = (row: Row) => {
          if (addNames) addNames(row);
          if (!totals) return writer!.write(row);
          totals.add(row);
          return writer!.write(withRowRatios(row, columns));
        };
        let count: number;
        try {
          count = await report.run((row) => (writer ? write(row) : opened.then(() => write(row))));
        } catch (err) {
          if (file && report.restartable(err)) throw new Transient(err as import('../core/errors.js').NetworkError, 'a broken stream');
          throw err;
        }
        await opened;
        await writer!.end(totals && count > 0 ? totals.totals() : undefined);
        return count;
      },
      policy,
      {
        signal: ctx.io.signal,
        onRetry: ({ next, of, delayMs }) =>
          ui.notice(
            `masg: the report's stream broke before it ended; writing ${out} again from the start in ${secs(delayMs)} (attempt ${next} of ${of}).`,
          ),
      },
    );
    await file?.commit();
    if (rows === 0) ui.info(report.empty);
    if (file) ui.notice(`Wrote ${rows} ${report.entity}${report.range === undefined ? '' : ` (${report.range})`} to ${out}.`);
  } catch (err) {
    await file?.abort();
    throw file ? file.explain(err) : err;
  }
}

/** --chart: the report's rows summed per interval, then drawn; nothing else is printed. */
async function renderChart(ctx: Context, report: ReportResult, chart: NonNullable<ReportResult['chart']>): Promise<void> {
  const [{ ChartAccumulator }, { renderChart: draw }, { createChalk }] = await Promise.all([
    import('../output/chart-series.js'),
    import('../output/chart.js'),
    import('../output/color.js'),
  ]);
  const acc = new ChartAccumulator(chart.grain, chart.series);
  await report.run((row) => acc.add(row));
  const settings = await ctx.outputSettings();
  ctx.io.stdout.write(draw(acc.data(), { width: settings.width, chalk: await createChalk(settings.color) }));
}

/** Tables show a narrower default set; --fields, --wide or a machine format shows every column. */
function fieldsFor(
  settings: { fields?: string[]; format: string; wide?: boolean },
  tableFields: string[] | undefined,
): string[] | undefined {
  return settings.fields ?? (settings.format === 'table' && !settings.wide ? tableFields : undefined);
}

function isMasgError(err: unknown): boolean {
  return err instanceof Error && 'exitCode' in err;
}
