// The staging files of one day, handed to the day's transaction as each is complete, so only the
// last piece is left to load when the last response ends.

import type { StagedFile } from './sql-session.js';

/** A staging file of one report (or of the day's campaign reports) that ended whole. */
export type DayFile = { kind: 'file'; table: 'publisher' | 'campaign'; rows: number } & StagedFile;

export class DayFiles implements AsyncIterable<DayFile> {
  publisherRows = 0;
  campaignRows = 0;
  private readonly ready: DayFile[] = [];
  private ended = false;
  private failure: { reason: unknown } | undefined;
  private wake: (() => void) | undefined;

  /** A complete file (one without rows is counted and never loaded). */
  push(file: DayFile): void {
    if (file.table === 'publisher') this.publisherRows += file.rows;
    else this.campaignRows += file.rows;
    if (file.rows > 0) this.ready.push(file);
    this.notify();
  }

  /** Every request of the day is in: the iteration ends after the files pushed so far. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  /** A request of the day failed: the iteration throws, so the day's transaction rolls back. */
  fail(reason: unknown): void {
    this.failure ??= { reason };
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<DayFile, void, undefined> {
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
