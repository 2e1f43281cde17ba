// Fetching a day: each report is parsed as it arrives and its rows written to a staging file, each
// value checked on the way (staging.ts). A report whose body breaks mid-way is read again from its
// start (the SDK's retryBrokenStream). A publisher report hands each part on as it fills, so the
// day's transaction loads it while the rest streams in; a broken attempt withdraws the parts it
// handed on (day-files.ts). A campaign report, a few rows, is kept until it has ended whole.

import type { EntityList, MasgClient } from '../sdk/types.js';
import type { DayStep, DimensionFiles } from './day-files.js';
import { DIMENSION_TABLES, STATS_TABLES, type Grain } from './schema.js';
import { csvLineWriter, type StagingDir, type StagingFile } from './staging.js';
import type { AccountObjects } from './entities.js';
import { campaignReport, publisherReport, type CampaignRef, type Piece } from './sync-requests.js';
import { retryBrokenStream } from '../sdk/stream-retry.js';
import { secs } from '../transport/retry.js';
import { fetchAccountObjects } from './entities.js';

export interface FetchContext {
  sdk: MasgClient;
  /** The account's e-mail, the first column of every row staged. */
  account: string;
  grain: Grain;
  staging: StagingDir;
  /** Ctrl-C, SIGTERM, or a failed commit: every fetch stops. */
  signal: AbortSignal;
  /** --retries and --deadline, for reports cut mid-way. */
  retry: { retries: number; deadlineAt?: number };
  notice(message: string): void;
  /** Rows staged, for the progress line (negative when an attempt's rows are dropped). */
  onRows(rows: number): void;
  /** Rows per part of a publisher report (PART_ROWS unless a test asks for smaller parts). */
  partRows?: number;
}

type StatsFields = Readonly<Record<string, string | undefined>>;

/** Every record to `onRecord`, awaiting only what it returns: a promise per record costs a microtask. */
async function eachRecord(list: EntityList<object>, signal: AbortSignal, onRecord: (r: StatsFields) => void | Promise<void>) {
  for await (const batch of list.batches()) {
    if (signal.aborted) throw signal.reason;
    for (const record of batch) {
      const written = onRecord(record as StatsFields);
      if (written) await written;
    }
  }
}

async function withBrokenStreamRetry<T>(fc: FetchContext, what: string, attempt: () => Promise<T>): Promise<T> {
  return retryBrokenStream(attempt, {
    ...fc.retry,
    signal: fc.signal,
    onRetry: ({ next, of, delayMs }) =>
      fc.notice(`masg sync: the ${what} stopped before it ended; fetching it again in ${secs(delayMs)} (attempt ${next} of ${of}).`),
  });
}

/**
 * Rows per part of a publisher report: the last part is what is left to load once the response
 * has ended, so parts are small; a part with a line past the CSV reader's default limit is read
 * alone, its line limit raised (duckdb.ts).
 */
export const PART_ROWS = 20_000;
/**
 * The first part is smaller, and each next one twice the last up to PART_ROWS: the engine starts
 * loading sooner. PostgreSQL's COPY into the keyed table is slower than the parse, so its loads
 * finish that much earlier (the first 20,000 rows took ~0.9 s to arrive, the listings beside them).
 */
const FIRST_PART_ROWS = 2_500;

/** The piece's publisher report, each part handed on as it fills; a broken attempt withdraws what it handed on. */
export async function fetchPublisherPiece(fc: FetchContext, piece: Piece, handOn: (step: DayStep) => void): Promise<void> {
  const line = csvLineWriter(
    STATS_TABLES[fc.grain].publisher,
    { account: fc.account, date: piece.date, hour: piece.hour },
    { currency: 'USD' },
  );
  const what = `publisher report of ${piece.date}${piece.hour === undefined ? '' : ` ${piece.hour}h`}`;
  const name = `${piece.date}-${piece.hour ?? 'day'}-publishers`;
  const partRows = fc.partRows ?? PART_ROWS;
  await withBrokenStreamRetry(fc, what, async () => {
    let part = fc.staging.file(name);
    let full = Math.min(FIRST_PART_ROWS, partRows);
    let handedOn = 0;
    const handOnPart = async () => {
      await part.close();
      handedOn += part.rows;
      handOn({ kind: 'file', table: 'publisher', path: part.path, longestLineBytes: part.longestLineBytes, rows: part.rows });
    };
    const nextPart = async (written: Promise<void> | void) => {
      await written;
      await handOnPart();
      part = fc.staging.file(name);
      full = Math.min(2 * full, partRows);
    };
    try {
      await eachRecord(publisherReport(fc.sdk, piece), fc.signal, (r) => {
        const written = part.add(line(r, () => `${piece.date}, publication ${r.publication ?? ''}, ad slot ${r.adslot ?? ''}`));
        fc.onRows(1);
        // Synchronous unless the file is written or full: the parser awaits only what this returns.
        return part.rows >= full ? nextPart(written) : written;
      });
      await handOnPart();
    } catch (err) {
      fc.onRows(-(handedOn + part.rows));
      await part.discard();
      if (handedOn > 0) handOn({ kind: 'withdraw', table: 'publisher', hour: piece.hour, rows: handedOn });
      throw err;
    }
  });
}

/** One campaign's report for the piece: a few rows, kept until it has ended whole, then staged. */
export async function fetchCampaignPiece(fc: FetchContext, piece: Piece, campaign: CampaignRef, into: StagingFile): Promise<void> {
  const fixed = { account: fc.account, date: piece.date, hour: piece.hour, advertiser: campaign.advertiser };
  const line = csvLineWriter(STATS_TABLES[fc.grain].campaign, fixed, { campaign: campaign.id, currency: 'USD' });
  const lines = await withBrokenStreamRetry(fc, `report of campaign ${campaign.id} for ${piece.date}`, async () => {
    const read: string[] = [];
    await eachRecord(campaignReport(fc.sdk, piece, campaign), fc.signal, (r) => {
      read.push(line(r, `${piece.date}, campaign ${campaign.id}`));
    });
    return read;
  });
  for (const l of lines) await into.add(l);
  fc.onRows(lines.length);
}

/** The account's objects, staged for the snapshot tables; the campaigns are what the reports need. */
export async function fetchObjects(fc: FetchContext): Promise<{ files: DimensionFiles; campaigns: CampaignRef[]; requests: number }> {
  const objects = await fetchAccountObjects(fc.sdk);
  const files = {} as DimensionFiles;
  for (const name of Object.keys(DIMENSION_TABLES) as Array<keyof AccountObjects>) {
    files[name] = await stageObjects(fc.staging, name, objects[name], fc.account);
  }
  const campaigns = objects.campaigns.map((c) => ({ id: c.id, advertiser: c.advertiser }));
  return { files, campaigns, requests: 3 + objects.advertisers.length };
}

async function stageObjects(
  staging: StagingDir,
  name: keyof AccountObjects,
  records: AccountObjects[keyof AccountObjects],
  account: string,
) {
  const file = staging.file(name);
  const line = csvLineWriter(DIMENSION_TABLES[name], { account });
  for (const record of records) {
    const written = file.add(line(record, () => `${name} ${record.id ?? ''}`));
    if (written) await written;
  }
  await file.close();
  return file;
}
