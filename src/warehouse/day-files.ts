// What one day's transaction loads, handed to it as each is ready, so only the last part of a
// report is left to load when its response ends:
// - the staging files of the day's reports;
// - withdrawals: a report that breaks after some of its parts were handed on withdraws them before
//   it is read again; the transaction deletes the rows they loaded, and the day's counts lose them;
// - the account's snapshots, in the first day's transaction, loaded while its reports stream in
//   (when that day's new answer is held, in the transaction that records it: the refresh is kept).

import { rmSync } from 'node:fs';
import type { DIMENSION_TABLES } from './schema.js';
import type { StagedFile } from './sql-session.js';

/** A complete staging file: a part of a publisher report, or the day's campaign reports. */
export type DayFile = { kind: 'file'; table: 'publisher' | 'campaign'; rows: number } & StagedFile;

/** The parts a broken publisher report handed on, `rows` in all: its piece's rows leave the day. */
export interface Withdrawal {
  kind: 'withdraw';
  table: 'publisher';
  /** The piece: its hour with --grain hour, the whole day otherwise. */
  hour?: string;
  rows: number;
}

/** The account's objects, one staging file per snapshot table. */
export type DimensionFiles = Record<keyof typeof DIMENSION_TABLES, StagedFile>;

/** The snapshots, replaced whole (the four tables) in the transaction. */
export interface Snapshot {
  kind: 'snapshot';
  files: DimensionFiles;
}

export type DayStep = DayFile | Withdrawal | Snapshot;

export class DayFiles implements AsyncIterable<DayStep> {
  publisherRows = 0;
  campaignRows = 0;
  private readonly ready: DayStep[] = [];
  private readonly paths: string[] = [];
  private ended = false;
  private failure: { reason: unknown } | undefined;
  private wake: (() => void) | undefined;

  /** A complete file (one without rows is counted and never loaded), a withdrawal, or the snapshots. */
  push(step: DayStep): void {
    if (step.kind === 'snapshot') this.paths.push(...Object.values(step.files).map((f) => f.path));
    else {
      const rows = step.kind === 'withdraw' ? -step.rows : step.rows;
      if (step.table === 'publisher') this.publisherRows += rows;
      else this.campaignRows += rows;
      if (step.kind === 'file') this.paths.push(step.path);
    }
    if (step.kind !== 'file' || step.rows > 0) this.ready.push(step);
    this.notify();
  }

  /** Every request of the day is in: the iteration ends after the steps pushed so far. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  /** A request of the day failed: the iteration throws, so the day's transaction rolls back. */
  fail(reason: unknown): void {
    this.failure ??= { reason };
    this.notify();
  }

  /** The day's transaction has ended: its files go, so staging holds only the days still open. */
  removeFiles(): void {
    for (const path of this.paths.splice(0)) rmSync(path, { force: true });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<DayStep, void, undefined> {
    for (;;) {
      if (this.failure) throw this.failure.reason;
      const next = this.ready.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
