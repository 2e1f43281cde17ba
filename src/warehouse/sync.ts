// `masg sync`: flags checked → database opened and claimed for this account and zone → days
// planned → objects listed → reports streamed into staging files → each day committed in order,
// in one transaction with its state row, so the state never runs ahead of the data.

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { CommandResult } from '../output/result.js';
import type { DryRun, EntityList, MasgClient } from '../sdk/types.js';
import type { WarehousePort } from './port.js';
import { InterruptedError, MasgError, UsageError, type NetworkError } from '../core/errors.js';
import type { Ui } from '../output/index.js';
import { parseConcurrency } from '../core/pool.js';
import { resolveTimeZone, localDateHour } from '../statistics/zone.js';
import { oneOf } from '../schema/rules.js';
import { parseLookback, planDays, type PlannedDay } from './plan.js';
import { DIMENSION_TABLES, GRAINS, SCHEMA_VERSION, STATS_TABLES, type Grain } from './schema.js';
import { openSession } from './session.js';
import { DayFiles } from './day-files.js';
import { csvLineWriter, StagingDir, type StagingFile } from './staging.js';
import { WarehouseStore, type DimensionFiles } from './store.js';
import { warehouseTarget, type Target } from './target.js';
import { deferred } from '../core/deferred.js';
import { collectGarbage } from './heap.js';

export interface SyncFlags {
  db?: string;
  from?: string;
  to?: string;
  tz?: string;
  lookback?: string;
  grain?: string;
  concurrency?: string;
}

interface Job {
  day: number;
  kind: 'publisher' | 'campaign';
  /** 10-digit stamps, both inclusive. */
  start: string;
  end: string;
  hour?: string;
  campaign?: { id: string; advertiser: string };
}

export async function runSync(ctx: WarehousePort, flags: SyncFlags): Promise<CommandResult> {
  const startedAt = performance.now();
  // Everything the user typed is checked first: nothing is opened or sent before.
  const target = warehouseTarget(flags.db, ctx);
  if (target.kind === 'postgres') ctx.secrets.push(...target.secrets);
  const grain = oneOf<Grain>('--grain', flags.grain ?? 'day', GRAINS);
  const lookback = parseLookback(flags.lookback);
  const concurrency = parseConcurrency(flags.concurrency);
  if (ctx.globals.raw) throw new UsageError('--raw prints one response body; masg sync writes a database.', { field: '--raw' });
  const creds = await ctx.credentials();
  // The account's days, never the host's: a running day taken for over would never be fetched again.
  const tz = resolveTimeZone(flags.tz, creds.timezone, 'masg sync (which days to fetch, and which of them are over)');
  const today = localDateHour(tz, new Date()).date;
  const early = planDays({ from: flags.from, to: flags.to, lookback, today }); // the range's own checks

  const dryRun = Boolean(ctx.globals.dryRun);
  // Shown before the database opens: loading DuckDB holds the main thread for most of a second.
  const ui = await ctx.ui();
  if (!dryRun) ui.progress(0, early.days.length, progressLabel(target.label, 0, undefined));
  const sdkReady = ctx.sdk();
  sdkReady.catch(() => undefined); // awaited below; a failure to open the database comes first
  const session =
    dryRun && target.kind === 'duckdb' && !existsSync(target.path)
      ? undefined
      : await openSession(target, { readOnly: dryRun, create: !dryRun });
  const store = session && new WarehouseStore(session);
  try {
    if (store && !dryRun) await store.lock();
    const meta = store ? await store.readMeta() : {};
    // Someone else's tables, another account, another zone: refused before anything is written.
    await store?.refuseForeignTables(meta);
    store?.checkMeta(meta, { account: creds.email, timezone: tz });
    if (store && !dryRun) await store.claim({ account: creds.email, timezone: tz, schema: SCHEMA_VERSION });
    const state = store ? await store.dayState(grain) : {};
    const plan = planDays({ from: flags.from, to: flags.to, lookback, today, lastComplete: state.lastComplete });
    const sdk = await sdkReady;
    if (dryRun) return await describePlan(sdk, store, target, plan.days, grain);
    const retry = {
      retries: ctx.globals.retries,
      deadlineAt: ctx.globals.deadline === undefined ? undefined : startedAt + ctx.globals.deadline * 1000,
    };
    const runner = new SyncRun(ctx, store!, ui, { grain, concurrency, days: plan.days, retry });
    await runner.run();
    return { kind: 'done' };
  } finally {
    await session?.close();
  }
}

/** --dry-run: the days, then every request, described by the SDK and not sent. */
async function describePlan(
  sdk: MasgClient,
  store: WarehouseStore | undefined,
  target: Target,
  days: PlannedDay[],
  grain: Grain,
): Promise<CommandResult> {
  // The plan's own lines among the requests, in order: render prints them all.
  const lines: string[] = [];
  const out = (line: string) => void lines.push(line);
  const dryRun = { dryRun: true } as const;
  const described = (plan: DryRun) => plan.requests.forEach((r) => out(r.text));
  const [{ listRequests }, { asRawRequest }] = await Promise.all([import('./entities.js'), import('../sdk/requests.js')]);
  const campaigns = store ? await store.knownCampaigns() : [];
  if (days.length === 0) {
    out(`# ${target.label} is up to date: no day to fetch.`);
    return { kind: 'dry-run', requests: lines };
  }
  out(
    `# masg sync would write ${days.length} day${days.length === 1 ? '' : 's'} into ${target.label} (grain ${grain}): ` +
      `${days[0].date} to ${days[days.length - 1].date}${days.some((d) => !d.complete) ? ', today partial' : ''}.`,
  );
  out(`# First the account's objects (then one campaign list per advertiser):`);
  for (const req of await listRequests()) described(await sdk.request(asRawRequest(req), dryRun));
  out(
    campaigns.length > 0
      ? `# Campaign statistics for the ${campaigns.length} campaigns of the last snapshot; the lists decide at run time.`
      : '# Campaign statistics: one request per campaign and day, for the campaigns the lists return at run time.',
  );
  const jobs = planJobs(days, grain, campaigns);
  let day = -1;
  for (const job of jobs) {
    if (job.day !== day) {
      day = job.day;
      out(`# ${days[day].date}${days[day].complete ? '' : ' (today: partial, fetched again next time)'}`);
    }
    // The very call the run makes (jobStats), with the SDK's dry run.
    const range = { from: job.start, to: job.end };
    described(
      job.kind === 'publisher'
        ? await sdk.publicationStats({ ...range, level: 'adslot', byCountry: true }, dryRun)
        : await sdk.campaignStats(job.campaign!.id, range, dryRun),
    );
  }
  return { kind: 'dry-run', requests: lines };
}

function planJobs(days: PlannedDay[], grain: Grain, campaigns: Array<{ id: string; advertiser: string }>): Job[] {
  const jobs: Job[] = [];
  days.forEach((d, day) => {
    const ymd = d.date.replace(/-/g, '');
    const pieces =
      grain === 'day'
        ? [{ start: `${ymd}00`, end: `${ymd}23`, hour: undefined }]
        : Array.from({ length: 24 }, (_, h) => {
            const hh = String(h).padStart(2, '0');
            return { start: `${ymd}${hh}`, end: `${ymd}${hh}`, hour: String(h) };
          });
    for (const p of pieces) {
      jobs.push({ day, kind: 'publisher', ...p });
      for (const c of campaigns) jobs.push({ day, kind: 'campaign', ...p, campaign: c });
    }
  });
  return jobs;
}

/** The statistics one job reads: a day's (or an hour's) ad slot × country report, or one campaign's. */
function jobStats(sdk: MasgClient, job: Job): EntityList<object> {
  const range = { from: job.start, to: job.end };
  return job.kind === 'publisher'
    ? sdk.publicationStats({ ...range, level: 'adslot', byCountry: true })
    : sdk.campaignStats(job.campaign!.id, range);
}

type StatsFields = Readonly<Record<string, string | undefined>>;

/** Every record to `onRecord`, awaiting only what it returns: a promise per record costs a microtask. */
async function eachRecord(list: EntityList<object>, onRecord: (record: StatsFields) => void | Promise<void>): Promise<void> {
  for await (const batch of list.batches()) {
    for (const record of batch) {
      const written = onRecord(record as StatsFields);
      if (written) await written;
    }
  }
}

interface DayBuffers {
  /** Complete staging files, loaded by the day's transaction as they come. */
  files: DayFiles;
  campaign: StagingFile;
  pending: number;
}

/** Rows per staging file of a publisher report (~6 MB), each loaded while the next is written. */
const PART_ROWS = 50_000;

/** Days fetched ahead of the one being written: memory and staging stay those of two days. */
const DAYS_AHEAD = 1;

/** Every this many rows, DuckDB is reopened (it keeps memory for what it wrote) and the heap collected. */
const REOPEN_ROWS = 100_000;

/** The progress line is redrawn this often (its rows and ETA move between days too). */
const PROGRESS_MS = 250;

interface RunOptions {
  grain: Grain;
  concurrency: number;
  days: PlannedDay[];
  /** --retries and --deadline: a cut statistics answer is fetched again within them. */
  retry: { retries: number; deadlineAt?: number };
}

class SyncRun {
  private committed = 0;
  private rows = 0;
  /** Rows staged so far, committed or not: what the progress line counts. */
  private fetchedRows = 0;
  private requests = 0;
  private tasksDone = 0;
  private tasksTotal = 0;
  private readonly started = Date.now();

  constructor(
    private readonly ctx: WarehousePort,
    private readonly store: WarehouseStore,
    private readonly ui: Ui,
    private readonly opts: RunOptions,
  ) {}

  async run(): Promise<void> {
    const { days } = this.opts;
    if (days.length === 0) {
      this.ui.progress(1, 1);
      this.ui.notice(`masg sync: ${this.store.label} is up to date; nothing to fetch.`);
      return;
    }
    const staging = new StagingDir(this.ctx.io.env.TMPDIR || tmpdir());
    const timer = setInterval(() => this.progress(), PROGRESS_MS);
    timer.unref();
    try {
      this.progress();
      await this.fetchAndCommit(staging);
    } catch (err) {
      this.ui.progress(1, 1); // the progress line goes before the error is printed
      if (this.committed > 0) {
        const last = days[this.committed - 1].date;
        this.ui.warn(
          `${this.committed} of ${days.length} days were saved in ${this.store.label} (through ${last}) before this failure; the next sync continues from there.`,
        );
      }
      throw err;
    } finally {
      clearInterval(timer);
      this.ui.progress(1, 1);
      staging.remove();
    }
    const secs = ((Date.now() - this.started) / 1000).toFixed(1);
    const partial = days.some((d) => !d.complete) ? ', today partial' : '';
    this.ui.notice(
      `masg sync: ${days.length} day${days.length === 1 ? '' : 's'} (${days[0].date} to ${days[days.length - 1].date}${partial}) ` +
        `written to ${this.store.label}: ${this.rows.toLocaleString('en-US')} rows from ${this.requests.toLocaleString('en-US')} requests in ${secs} s.`,
    );
  }

  private async listObjects(staging: StagingDir): Promise<Array<{ id: string; advertiser: string }>> {
    const { fetchAccountObjects } = await import('./entities.js');
    const objects = await fetchAccountObjects(await this.ctx.sdk());
    this.requests += 3 + objects.advertisers.length;
    await this.store.replaceDimensions(await this.dimensionFiles(staging, objects));
    return objects.campaigns.map((c) => ({ id: c.id, advertiser: c.advertiser }));
  }

  private async dimensionFiles(staging: StagingDir, objects: import('./entities.js').AccountObjects): Promise<DimensionFiles> {
    const files = {} as DimensionFiles;
    for (const name of Object.keys(DIMENSION_TABLES) as Array<keyof DimensionFiles>) {
      const table = DIMENSION_TABLES[name];
      const file = staging.file(name);
      const line = csvLineWriter(table);
      for (const record of objects[name]) {
        const written = file.add(line(record, () => `${name} ${record.id ?? ''}`));
        if (written) await written;
      }
      await file.close();
      files[name] = file;
    }
    return files;
  }

  /**
   * The listing runs beside the first reports (a big account's lists take as long as a day's
   * report); days commit in order, and a day's tasks start once the day DAYS_AHEAD + 1 before it is in.
   */
  private async fetchAndCommit(staging: StagingDir): Promise<void> {
    const { days, grain } = this.opts;
    const { mapConcurrent } = await import('../core/pool.js');
    const buffers: DayBuffers[] = days.map(() => ({ files: new DayFiles(), campaign: undefined!, pending: 0 }));
    const committed = days.map(() => deferred<void>());
    const listed = deferred<Array<{ id: string; advertiser: string }>>();
    // The first publisher report, the longest request, is sent first and the listing right after it.
    const tasks: Task[] = [];
    for (const job of planJobs(days, grain, [])) tasks.push({ kind: 'publisher', job }, { kind: 'campaigns', job });
    tasks.splice(1, 0, { kind: 'objects' });
    for (const t of tasks) if (t.kind !== 'objects') buffers[t.job.day].pending++;
    this.tasksTotal = tasks.length;

    // A failed commit stops the fetching too; Ctrl-C stops both.
    const controller = new AbortController();
    const onAbort = () =>
      controller.abort(this.ctx.io.signal.reason instanceof MasgError ? this.ctx.io.signal.reason : new InterruptedError());
    if (this.ctx.io.signal.aborted) onAbort();
    this.ctx.io.signal.addEventListener('abort', onAbort, { once: true });
    const work = mapConcurrent(
      tasks,
      this.opts.concurrency,
      async (task, _i, signal) => {
        if (task.kind === 'objects') {
          listed.resolve(await this.listObjects(staging));
          this.tasksDone++;
          return;
        }
        const job = task.job;
        const waitFor = job.day - DAYS_AHEAD - 1;
        if (waitFor >= 0) await abortable(committed[waitFor].promise, signal);
        const day = buffers[job.day];
        day.campaign ??= staging.file(`${days[job.day].date}-campaigns`);
        if (task.kind === 'publisher') {
          await this.fetchPublisher(job, day, staging, signal);
          this.requests++;
        } else {
          for (const campaign of await listed.promise) {
            await this.fetchCampaign({ ...job, kind: 'campaign', campaign }, day, signal);
            this.requests++;
          }
        }
        this.tasksDone++;
        if (--day.pending === 0) {
          await day.campaign.close();
          day.files.push({
            kind: 'file',
            table: 'campaign',
            path: day.campaign.path,
            longestLine: day.campaign.longestLine,
            rows: day.campaign.rows,
          });
          day.files.end();
        }
      },
      { signal: controller.signal },
    );
    work.catch((err: unknown) => {
      listed.reject(err);
      buffers.forEach((b) => b.files.fail(err));
    });

    let rowsAtReopen = 0;
    try {
      for (let i = 0; i < days.length; i++) {
        const day = buffers[i];
        // The snapshots are replaced in their own transaction first, on the same connection.
        await listed.promise;
        await this.store.replaceDay(
          {
            grain: this.opts.grain,
            date: days[i].date,
            complete: days[i].complete,
            files: day.files,
            rows: () => ({ publisher: day.files.publisherRows, campaign: day.files.campaignRows }),
          },
          () => new Date().toISOString().replace('T', ' ').replace('Z', ''),
        );
        this.committed++;
        this.rows += day.files.publisherRows + day.files.campaignRows;
        if (this.rows - rowsAtReopen >= REOPEN_ROWS && i < days.length - 1) {
          await this.store.session.reopen?.();
          collectGarbage();
          rowsAtReopen = this.rows;
        }
        committed[i].resolve();
        this.progress();
      }
      await work;
    } catch (err) {
      controller.abort(err instanceof MasgError ? err : new InterruptedError());
      throw err;
    } finally {
      this.ctx.io.signal.removeEventListener('abort', onAbort);
    }
  }

  /** A cut answer is fetched again from its start within --retries and --deadline, as --out does. */
  private async withRestarts(what: string, signal: AbortSignal, attempt: (n: number) => Promise<void>): Promise<void> {
    const [{ DEFAULT_POLICY, Transient, withRetries, secs }, { isBrokenStream }] = await Promise.all([
      import('../transport/retry.js'),
      import('../sdk/statistics.js'),
    ]);
    await withRetries(
      async (n) => {
        try {
          await attempt(n);
        } catch (err) {
          if (isBrokenStream(err)) throw new Transient(err as NetworkError, 'a broken stream');
          throw err;
        }
      },
      { ...DEFAULT_POLICY, ...this.opts.retry },
      {
        signal,
        onRetry: ({ next, of, delayMs }) =>
          this.ui.notice(
            `masg sync: the ${what} stopped before it ended; fetching it again in ${secs(delayMs)} (attempt ${next} of ${of}).`,
          ),
      },
    );
  }

  /** A day's (an hour's) publisher report, staged in parts loaded while the next one is written. */
  private async fetchPublisher(job: Job, day: DayBuffers, staging: StagingDir, signal: AbortSignal): Promise<void> {
    const sdk = await this.ctx.sdk();
    const date = this.opts.days[job.day].date;
    const table = STATS_TABLES[this.opts.grain].publisher;
    const name = `${date}-${job.hour ?? 'day'}-publishers`;
    const line = csvLineWriter(table, { date, hour: job.hour }, { currency: 'USD' });
    /** Rows of this request already handed to the day's transaction (by the attempt under way). */
    let pushed = 0;
    await this.withRestarts(`publisher report of ${date}${job.hour === undefined ? '' : ` ${job.hour}h`}`, signal, async (n) => {
      if (n > 1 && pushed > 0) {
        day.files.push({ kind: 'restart', table: 'publisher', hour: job.hour, rows: pushed });
        this.fetchedRows -= pushed;
        pushed = 0;
      }
      let file = staging.file(name);
      const complete = async () => {
        await file.close();
        day.files.push({ kind: 'file', table: 'publisher', path: file.path, longestLine: file.longestLine, rows: file.rows });
        pushed += file.rows;
        this.fetchedRows += file.rows;
      };
      const rotate = async (written: Promise<void> | void) => {
        await written;
        await complete();
        file = staging.file(name);
      };
      await eachRecord(jobStats(sdk, job), (r) => {
        if (signal.aborted) throw signal.reason;
        const written = file.add(line(r, () => `${date}, publication ${r.publication ?? ''}, ad slot ${r.adslot ?? ''}`));
        // Synchronous unless the file is written or rotated: the parser awaits what this returns.
        return file.rows >= PART_ROWS ? rotate(written) : written;
      });
      await complete();
    });
  }

  /** One campaign's report: a few rows, kept until it has ended whole, then staged. */
  private async fetchCampaign(job: Job, day: DayBuffers, signal: AbortSignal): Promise<void> {
    const sdk = await this.ctx.sdk();
    const date = this.opts.days[job.day].date;
    const table = STATS_TABLES[this.opts.grain].campaign;
    const c = job.campaign!;
    const line = csvLineWriter(table, { date, hour: job.hour, advertiser: c.advertiser }, { campaign: c.id, currency: 'USD' });
    let lines: string[] = [];
    await this.withRestarts(`report of campaign ${c.id} for ${date}`, signal, async () => {
      lines = [];
      await eachRecord(jobStats(sdk, job), (r) => {
        if (signal.aborted) throw signal.reason;
        lines.push(line(r, `${date}, campaign ${c.id}`));
      });
    });
    for (const l of lines) await day.campaign.add(l);
    this.fetchedRows += lines.length;
  }

  /** Days done of N, rows, ETA: on a terminal only (the Ui draws nothing otherwise). */
  private progress(): void {
    const total = this.opts.days.length;
    const done = this.committed;
    if (done >= total) return;
    const elapsed = Date.now() - this.started;
    // The share of the requests done tells the time left before the first day is in.
    const share = done > 0 ? done / total : this.tasksDone / Math.max(1, this.tasksTotal);
    this.ui.progress(
      done,
      total,
      progressLabel(this.store.label, this.fetchedRows, share > 0 ? (elapsed / share) * (1 - share) : undefined),
    );
  }
}

function progressLabel(label: string, rows: number, etaMs: number | undefined): string {
  return `Syncing ${label}: ${rows.toLocaleString('en-US')} rows · ETA ${etaMs === undefined ? '--:--' : clock(etaMs)} · day`;
}

function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 3600
    ? `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
    : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

type Task = { kind: 'objects' } | { kind: 'publisher' | 'campaigns'; job: Job };
