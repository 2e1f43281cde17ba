// A sync's run: every request goes through one bounded queue (core/pool.ts), in day order; each day
// is committed in order, in one transaction with its state row, loading its staging files as they
// are complete. Fetching runs at most one day ahead of the day being committed, and a committed
// day is forgotten: memory and staging hold two days, whatever the range.

import { tmpdir } from 'node:os';
import { InterruptedError, MasgError } from '../core/errors.js';
import { deferred } from '../core/deferred.js';
import { mapConcurrent } from '../core/pool.js';
import type { Ui } from '../output/ui.js';
import type { MasgClient } from '../sdk/types.js';
import { DayFiles } from './day-files.js';
import type { PlannedDay } from './plan.js';
import type { Grain } from './schema.js';
import { StagingDir, type StagingFile } from './staging.js';
import type { WarehouseStore } from './store.js';
import type { HeldDay, RestatePolicy } from './restatements.js';
import { fetchCampaignPiece, fetchObjects, fetchPublisherPiece, type FetchContext } from './sync-fetch.js';
import { SyncProgress } from './sync-progress.js';
import { piecesOf, type CampaignRef, type Piece } from './sync-requests.js';
import { CommitWindow, type Limiter } from './sync-window.js';

export interface RunOptions {
  grain: Grain;
  concurrency: number;
  days: PlannedDay[];
  /** --retries and --deadline: a cut statistics answer is fetched again within them. */
  retry: { retries: number; deadlineAt?: number };
  /** How a day fetched again with other figures is judged: applied, held, or accepted (restatements.ts). */
  policy: RestatePolicy;
}

export interface RunDeps {
  sdk: MasgClient;
  /** The account's e-mail: its rows, state and snapshots. */
  account: string;
  /** Several accounts at once: their requests share this limit (--concurrency), and each day is fetched whole before its turn to commit. */
  shared?: { limit: Limiter };
  store: WarehouseStore;
  ui: Ui;
  /** Ctrl-C / SIGTERM. */
  signal: AbortSignal;
  env: Record<string, string | undefined>;
}

/** Days whose requests may run while the day before them is committed. */
const DAYS_AHEAD = 1;

type Task = { kind: 'objects' } | { kind: 'publisher' | 'campaigns'; piece: Piece };

/** A day being fetched: its files for the commit, the campaign reports' file, tasks still running. */
interface OpenDay {
  files: DayFiles;
  campaigns: StagingFile;
  pending: number;
}

/** Runs the days; answers the days whose new answer was held (they kept their rows). */
export async function syncDays(deps: RunDeps, opts: RunOptions): Promise<HeldDay[]> {
  if (opts.days.length === 0) {
    deps.ui.progress(1, 1);
    deps.ui.notice(`masg sync: ${deps.store.label} is up to date for ${deps.account}; nothing to fetch.`);
    return [];
  }
  let held: HeldDay[];
  const staging = new StagingDir(deps.env.TMPDIR || tmpdir());
  const progress = new SyncProgress(deps.ui, deps.store.label, opts.days);
  progress.start();
  try {
    held = await new DayPipeline(deps, opts, staging, progress).run();
  } catch (err) {
    progress.stop(); // the progress line goes before the error is printed
    progress.warnKept();
    throw err;
  } finally {
    progress.stop();
    staging.remove();
  }
  progress.summary();
  return held;
}

class DayPipeline {
  /** Aborted by Ctrl-C, or by a failed commit: the queue stops and every fetch with it. */
  private readonly controller = new AbortController();
  private readonly open = new Map<number, OpenDay>();
  private readonly window = new CommitWindow(this.controller.signal);
  private readonly campaigns = deferred<CampaignRef[]>();
  private readonly fetch: FetchContext;
  private failure: { reason: unknown } | undefined;
  private readonly held: HeldDay[] = [];

  constructor(
    private readonly deps: RunDeps,
    private readonly opts: RunOptions,
    private readonly staging: StagingDir,
    private readonly progress: SyncProgress,
  ) {
    this.fetch = {
      sdk: deps.sdk,
      account: deps.account,
      grain: opts.grain,
      staging,
      signal: this.controller.signal,
      retry: opts.retry,
      notice: (message) => deps.ui.notice(message),
      onRows: (rows) => (progress.stagedRows += rows),
    };
  }

  async run(): Promise<HeldDay[]> {
    const onAbort = () => this.stop(this.deps.signal.reason instanceof MasgError ? this.deps.signal.reason : new InterruptedError());
    if (this.deps.signal.aborted) onAbort();
    this.deps.signal.addEventListener('abort', onAbort, { once: true });
    const work = mapConcurrent(this.tasks(), this.opts.concurrency, (task) => this.runTask(task), { signal: this.controller.signal });
    work.catch((err: unknown) => this.fail(err));
    try {
      for (let day = 0; day < this.opts.days.length; day++) await this.commit(day);
      await work;
      return this.held;
    } catch (err) {
      this.stop(err instanceof MasgError ? err : new InterruptedError());
      throw err;
    } finally {
      this.deps.signal.removeEventListener('abort', onAbort);
    }
  }

  /** The first publisher report, the longest request, is sent first, the listing right after it. */
  private tasks(): Task[] {
    const tasks: Task[] = piecesOf(this.opts.days, this.opts.grain).flatMap((piece) => [
      { kind: 'publisher' as const, piece },
      { kind: 'campaigns' as const, piece },
    ]);
    tasks.splice(1, 0, { kind: 'objects' });
    this.progress.tasksTotal = tasks.length;
    return tasks;
  }

  /** A request's turn among every account's (one account alone: mapConcurrent's limit is the only one). */
  private limited<T>(fn: () => Promise<T>): Promise<T> {
    return this.deps.shared ? this.deps.shared.limit(fn, this.controller.signal) : fn();
  }

  private async runTask(task: Task): Promise<void> {
    if (task.kind === 'objects') {
      const objects = await this.limited(() => fetchObjects(this.fetch));
      // Loaded in the first day's transaction while its reports stream in, not in one of their own before it;
      // a held first day loads them in the transaction that records it (store.ts), so the run's refresh is kept.
      this.dayOf(0).files.push({ kind: 'snapshot', files: objects.files });
      this.progress.requests += objects.requests;
      this.campaigns.resolve(objects.campaigns);
    } else {
      await this.window.reached(task.piece.day - DAYS_AHEAD - 1);
      const day = this.dayOf(task.piece.day);
      if (task.kind === 'publisher') {
        await this.limited(() => fetchPublisherPiece(this.fetch, task.piece, (step) => day.files.push(step)));
        this.progress.requests++;
      } else {
        for (const campaign of await this.campaigns.promise) {
          await this.limited(() => fetchCampaignPiece(this.fetch, task.piece, campaign, day.campaigns));
          this.progress.requests++;
        }
      }
      if (--day.pending === 0) await this.fetched(day);
    }
    this.progress.tasksDone++;
  }

  /** Every report of the day is in: its campaign file is the last one handed to the commit. */
  private async fetched(day: OpenDay): Promise<void> {
    const file = day.campaigns;
    await file.close();
    day.files.push({ kind: 'file', table: 'campaign', path: file.path, longestLineBytes: file.longestLineBytes, rows: file.rows });
    day.files.end();
  }

  private dayOf(index: number): OpenDay {
    let day = this.open.get(index);
    if (!day) {
      const date = this.opts.days[index].date;
      const pieces = this.opts.grain === 'hour' ? 24 : 1;
      day = { files: new DayFiles(), campaigns: this.staging.file(`${date}-campaigns`), pending: 2 * pieces };
      if (this.failure) day.files.fail(this.failure.reason);
      this.open.set(index, day);
    }
    return day;
  }

  /** One day in one transaction, loading its files as they come; then it is forgotten. */
  private async commit(index: number): Promise<void> {
    const { date, complete } = this.opts.days[index];
    const { files } = this.dayOf(index);
    const rows = () => ({ publisher: files.publisherRows, campaign: files.campaignRows });
    const { account, shared } = this.deps;
    const write = { account, grain: this.opts.grain, date, complete, files, rows, wholeFirst: !!shared, policy: this.opts.policy };
    try {
      const outcome = await this.deps.store.replaceDay(write, () => new Date().toISOString().replace('T', ' ').replace('Z', ''));
      if (outcome.kind === 'held') this.held.push(outcome.held);
    } finally {
      files.removeFiles();
    }
    this.open.delete(index);
    this.progress.dayCommitted(files.publisherRows + files.campaignRows);
    this.window.advance(index);
  }

  /** A request failed: the day being committed rolls back, and nothing waits for the listing. */
  private fail(reason: unknown): void {
    this.failure ??= { reason };
    this.campaigns.reject(reason);
    for (const day of this.open.values()) day.files.fail(reason);
  }

  private stop(reason: MasgError): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
    this.fail(reason);
  }
}
