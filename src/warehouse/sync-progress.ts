// What a sync tells the user while it runs: days done of N, rows staged and an ETA on a terminal
// (the Ui draws nothing otherwise), then one summary line, or how far it got before a failure.

import { counted } from '../core/plural.js';
import type { Ui } from '../output/ui.js';
import type { PlannedDay } from './plan.js';

/** The progress line is redrawn this often (its rows and ETA move between days too). */
const REDRAW_MS = 250;

export function progressLabel(label: string, rows: number, etaMs: number | undefined): string {
  return `Syncing ${label}: ${rows.toLocaleString('en-US')} rows · ETA ${etaMs === undefined ? '--:--' : clock(etaMs)} · day`;
}

function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

export class SyncProgress {
  /** Days committed, rows committed, rows staged (committed or not), requests answered. */
  committedDays = 0;
  committedRows = 0;
  stagedRows = 0;
  requests = 0;
  tasksDone = 0;
  tasksTotal = 0;
  private readonly started = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ui: Ui,
    private readonly label: string,
    private readonly days: readonly PlannedDay[],
  ) {}

  start(): void {
    this.timer = setInterval(() => this.draw(), REDRAW_MS);
    this.timer.unref();
    this.draw();
  }

  /** The line goes before anything else is printed. */
  stop(): void {
    clearInterval(this.timer);
    this.ui.progress(1, 1);
  }

  dayCommitted(rows: number): void {
    this.committedDays++;
    this.committedRows += rows;
    this.draw();
  }

  draw(): void {
    const total = this.days.length;
    const done = this.committedDays;
    if (done >= total) return;
    const elapsed = Date.now() - this.started;
    // The share of the requests done tells the time left before the first day is in.
    const share = done > 0 ? done / total : this.tasksDone / Math.max(1, this.tasksTotal);
    this.ui.progress(done, total, progressLabel(this.label, this.stagedRows, share > 0 ? (elapsed / share) * (1 - share) : undefined));
  }

  /** After a failure: the days kept, so that the user knows the next sync continues from there. */
  warnKept(): void {
    if (this.committedDays === 0) return;
    const last = this.days[this.committedDays - 1].date;
    this.ui.warn(
      `${this.committedDays} of ${this.days.length} days were saved in ${this.label} (through ${last}) before this failure; the next sync continues from there.`,
    );
  }

  summary(): void {
    const days = this.days;
    const secs = ((Date.now() - this.started) / 1000).toFixed(1);
    const partial = days.some((d) => !d.complete) ? ', today partial' : '';
    this.ui.notice(
      `masg sync: ${counted(days.length, 'days')} (${days[0].date} to ${days[days.length - 1].date}${partial}) ` +
        `written to ${this.label}: ${counted(this.committedRows, 'rows')} from ${counted(this.requests, 'requests')} in ${secs} s.`,
    );
  }
}
