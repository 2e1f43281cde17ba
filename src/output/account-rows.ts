// One output for the rows of several accounts (`--profile a,b` without `{account}` in --out): an
// `account` column first, the accounts in the order given. The first account still running writes
// as its rows arrive (on stdout); the others' rows wait in memory until it is their turn, so a slow
// account never holds back the others' fetching. Into a file, each account's rows are written once
// that account has finished, so a failed account leaves none of its rows in the file.
import { MasgError, UsageError } from '../core/errors.js';
import type { AtomicFile } from '../core/atomic-file.js';
import { outFile } from './out-format.js';
import type { OutputPort, ReportOutput, RowsTarget } from './port.js';
import type { Column, OutputSettings, OutStream, Row, RowWriter, TextBatch } from './types.js';
import { textRows } from './format/text-bytes.js';
import type { Ui } from './ui.js';
import { counted } from '../core/plural.js';
import { rowWriterFor, type MakeRowWriter } from './formats.js';
import { openAtomicFile } from '../core/atomic-file.js';
import { withRowRatios } from '../stats/totals.js';

/** The column every format gains with several accounts: the profile name, first. */
export const ACCOUNT_COLUMN: Column = { key: 'account', type: 'string', priority: 1 };

export interface AccountRowsOptions {
  stdout: OutStream;
  /** The profile names, in the order given: the order of the output. */
  names: readonly string[];
  ui: () => Promise<Ui>;
}

export interface AccountRows {
  /** The port account `i`'s handler writes through; `base` gives its settings and Ui. */
  portFor(i: number, base: OutputPort): OutputPort;
  /** Account `i` has finished (ok) or failed: its rows are written in turn, or dropped. */
  settle(i: number, ok: boolean): Promise<void>;
  /** After every account: the output ends (a file is committed) if any account succeeded, else a file is removed. */
  finish(anyOk: boolean): Promise<void>;
}

interface Lane {
  rows: Row[];
  state: 'running' | 'ok' | 'failed';
  /** Its rows go straight to the output: it is the first account still running, and the output is stdout. */
  direct: boolean;
  /** Rows it wrote straight to stdout: a failure after some leaves them there. */
  streamed: number;
}

interface Target {
  out?: string;
  file?: AtomicFile;
  settings: OutputSettings;
  entity: string;
  tableFields?: string[];
  columns?: Column[];
  writer?: RowWriter;
  createRowWriter: MakeRowWriter;
  /** The account that opened it, for messages. */
  opener: string;
  /** Set when accounts named different files: the output is refused whole. */
  broken?: UsageError;
}

export function createAccountRows(opts: AccountRowsOptions): AccountRows {
  const lanes: Lane[] = opts.names.map(() => ({ rows: [], state: 'running', direct: false, streamed: 0 }));
  let target: Promise<Target> | undefined;
  let ready: Target | undefined;
  let head = 0;
  let written = 0;
  let turn: Promise<void> = Promise.resolve();

  /** The one output, opened by the first account that writes (a read-only folder fails then, before its requests). */
  async function open(i: number, base: OutputPort, out: string | undefined, how: Omit<RowsTarget, 'out'>): Promise<Target> {
    target ??= (async () => {
      const settings = await base.settings(out);
      const file = out === undefined ? undefined : await openAtomicFile(out);
      const createRowWriter = await rowWriterFor(settings.format);
      ready = { out, file, settings, entity: how.entity, tableFields: how.tableFields, createRowWriter, opener: opts.names[i] };
      // On stdout, the first account still running writes from its first row (nothing is queued yet).
      if (file === undefined && head < lanes.length && lanes[head].state === 'running') lanes[head].direct = true;
      return ready;
    })();
    const t = await target;
    if (t.out !== out) {
      // Each account's {date} is its own day: one file cannot be named after two. Nothing is written.
      t.broken ??= new UsageError(`--out names ${t.out ?? 'stdout'} for ${t.opener} and ${out ?? 'stdout'} for ${opts.names[i]}.`, {
        field: '--out',
        hint: "Add {account} to --out for one file per account (e.g. --out 'stats-{account}-{date}.csv').",
      });
      throw t.broken;
    }
    return t;
  }

  function write(row: Row): void | Promise<void> {
    const t = ready!;
    t.writer ??= newWriter(opts.stdout, t);
    written++;
    return t.writer.write(row);
  }

  function push(i: number, row: Row): void | Promise<void> {
    const tagged = { account: opts.names[i], ...row };
    if (lanes[i].direct) {
      lanes[i].streamed++;
      return write(tagged);
    }
    lanes[i].rows.push(tagged);
  }

  /** Writes the accounts' rows in order, as far as the first one still running (which then writes directly to stdout). */
  async function advance(): Promise<void> {
    while (head < lanes.length) {
      const lane = lanes[head];
      if (lane.state === 'failed') lane.rows = [];
      while (lane.rows.length > 0) {
        const pending = write(lane.rows.shift()!);
        if (pending !== undefined) await pending;
      }
      if (lane.state === 'running') {
        lane.direct = ready !== undefined && ready.file === undefined;
        return;
      }
      head++;
    }
  }

  return {
    portFor: (i, base) => taggingPort(i, base, { open, push, lanes }),
    async settle(i, ok) {
      lanes[i].state = ok ? 'ok' : 'failed';
      turn = turn.then(advance);
      await turn;
      const { streamed } = lanes[i];
      if (!ok && streamed > 0) (await opts.ui()).warn(`The output is incomplete: ${opts.names[i]}'s rows stopped after ${streamed}.`);
    },
    async finish(anyOk) {
      await turn;
      if (ready !== undefined)
        await finishTarget(ready, anyOk, { stdout: opts.stdout, written, ok: lanes.filter((l) => l.state === 'ok').length, ui: opts.ui });
    },
  };
}

/** The shared output's end: written and committed if any account succeeded, else a file removed. */
async function finishTarget(
  t: Target,
  anyOk: boolean,
  s: { stdout: OutStream; written: number; ok: number; ui: () => Promise<Ui> },
): Promise<void> {
  if (!anyOk || t.broken) {
    await t.writer?.end();
    await t.file?.abort();
    if (t.broken) throw t.broken;
    return;
  }
  try {
    t.writer ??= t.columns && newWriter(s.stdout, t);
    await t.writer?.end();
    await t.file?.commit();
  } catch (err) {
    await t.file?.abort();
    throw t.file ? t.file.explain(err) : err;
  }
  const ui = await s.ui();
  if (s.written === 0) ui.info(`No ${t.entity}.`);
  if (t.out !== undefined) ui.notice(`Wrote ${counted(s.written, t.entity)} of ${counted(s.ok, 'accounts')} to ${t.out}.`);
}

function newWriter(stdout: OutStream, t: Target): RowWriter {
  const { settings } = t;
  const shown = settings.fields ?? (settings.format === 'table' && !settings.wide ? t.tableFields : undefined);
  const fields = shown === undefined ? undefined : ['account', ...shown];
  return t.createRowWriter(t.file?.stream ?? stdout, [ACCOUNT_COLUMN, ...(t.columns ?? [])], { ...settings, fields, caption: undefined });
}

interface Shared {
  open(i: number, base: OutputPort, out: string | undefined, how: Omit<RowsTarget, 'out'>): Promise<Target>;
  push(i: number, row: Row): void | Promise<void>;
  lanes: Lane[];
}

/** Account `i`'s view of the shared output: what it writes is tagged and queued in its lane. */
function taggingPort(i: number, base: OutputPort, shared: Shared): OutputPort {
  const start = async (out: string | undefined, how: Omit<RowsTarget, 'out'>, columns?: Column[]): Promise<Target> => {
    const t = await shared.open(i, base, outFile(out), how);
    // The first account's columns are the output's: every account of one command has the same.
    if (columns !== undefined) t.columns ??= columns;
    return t;
  };
  const refusal = (what: string) =>
    new MasgError(`${what} is one account's output; with several accounts, add {account} to --out for one file each.`);
  return {
    settings: (out) => base.settings(out),
    ui: () => base.ui(),
    async writeRows(columns, batches, how) {
      await start(how.out, how, columns);
      for await (const batch of batches) {
        for (const row of Array.isArray(batch) ? (batch as readonly Row[]) : textRows(batch as TextBatch, columns)) {
          const pending = shared.push(i, row);
          if (pending !== undefined) await pending;
        }
      }
    },
    async rows(columns, rows, how) {
      await start(undefined, how, columns);
      for (const row of rows) await shared.push(i, row);
    },
    async openReport(out) {
      const t = await start(out, { entity: 'rows' });
      return reportLane(i, t, shared, withRowRatios);
    },
    record: () => Promise.reject(refusal('A record')),
    raw: () => Promise.reject(refusal("The service's body")),
    text: () => {
      throw refusal('Text');
    },
    openChart: () => Promise.reject(refusal('A chart')),
  };
}

/** A statistics report into the shared output: no totals row (accounts' currencies may differ), ratios as each format shows them. */
function reportLane(
  i: number,
  t: Target,
  shared: Shared,
  withRowRatios: (row: Row, columns: readonly Column[], machine?: boolean) => Row,
): ReportOutput {
  let columns: Column[] = [];
  const machine = t.settings.format !== 'table';
  return {
    open(shown) {
      columns = shown;
      t.columns ??= shown;
    },
    write: (row) => shared.push(i, withRowRatios(row, columns, machine)),
    end: () => Promise.resolve(),
    // A broken stream into a file starts the account's report again: its rows wait in its lane until it ends.
    restart: () => {
      shared.lanes[i].rows = [];
      return Promise.resolve();
    },
    // The shared file is committed after every account (finishTarget says so then), never by one account's report.
    commit: () => Promise.resolve(undefined),
    abort: (err) => Promise.resolve(err),
  };
}
