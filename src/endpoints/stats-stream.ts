// Statistics bodies parsed as they arrive: with no paging, a report is tens of MB. Each chunk's
// records are handed over before the next is read, so a slow consumer stops the reading.

import { MasgError } from '../core/errors.js';
import { CharRefFixer, CONTROL_ENTITIES } from '../core/charrefs.js';
import { malformed, RecordBuilder } from './stats-records.js';
import type { StatsRecord, StatsShape } from './stats-shapes.js';

export interface StatsStreamOptions {
  /** For the ApiError of a `masg-error` body (default 200). */
  status?: number;
}

/** saxes handles any split; slices bound the records collected per write on huge chunks. */
const SLICE = 64 * 1024;

/** NetworkError for a malformed or truncated body; ApiError/AuthError for a `masg-error` body. */
export async function* statsBatches(
  body: AsyncIterable<Uint8Array | string>,
  shape: StatsShape,
  opts: StatsStreamOptions = {},
): AsyncGenerator<StatsRecord[], void, undefined> {
  const { SaxesParser } = await import('saxes');
  // Position tracking costs about a quarter of the parse time; errors name the byte count instead.
  const parser = new SaxesParser({ position: false });
  // XML 1.0 has no raw C0 controls, production sends them: the fixer turns each into `&ctlN;`
  // (registered here), so saxes sees only well-formed text and gives the character back.
  Object.assign(parser.ENTITIES, CONTROL_ENTITIES);
  let batch: StatsRecord[] = [];
  const builder = new RecordBuilder(shape, (r) => batch.push(r), opts.status);
  parser.on('opentag', (tag) => builder.open(tag.name));
  parser.on('text', (t) => builder.onText(t));
  parser.on('closetag', (tag) => builder.close(tag.name));

  let received = 0;
  const write = (text: string): void => {
    try {
      parser.write(text);
    } catch (err) {
      throw err instanceof MasgError ? err : malformed(`${reason(err)}, after ${received} bytes`, err);
    }
  };
  const decoder = new TextDecoder('utf-8');
  const fixer = new CharRefFixer();
  for await (const chunk of body) {
    received += chunk.length;
    // Decoded a slice at a time: a whole chunk's string (often over 128 KB) would go to V8's
    // large-object space and, on Node 22 and later, grow the young generation (docs/performance.md).
    for (let i = 0; i < chunk.length; i += SLICE) {
      const piece = typeof chunk === 'string' ? chunk.slice(i, i + SLICE) : decoder.decode(chunk.subarray(i, i + SLICE), { stream: true });
      write(fixer.push(piece));
      if (batch.length > 0) {
        const out = batch;
        batch = [];
        yield out;
      }
    }
  }
  write(fixer.push(decoder.decode()) + fixer.end());
  try {
    parser.close();
  } catch (err) {
    throw err instanceof MasgError ? err : malformed(`${reason(err)}, after ${received} bytes`, err);
  }
  builder.finish();
  if (batch.length > 0) yield batch;
}

function reason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\.$/, '');
}

export async function* statsRecords(
  body: AsyncIterable<Uint8Array | string>,
  shape: StatsShape,
  opts: StatsStreamOptions = {},
): AsyncGenerator<StatsRecord, void, undefined> {
  for await (const batch of statsBatches(body, shape, opts)) yield* batch;
}

/** The faster form: a synchronous `onRecord` costs no microtask per record. */
export async function parseStatsStream(
  body: AsyncIterable<Uint8Array | string>,
  shape: StatsShape,
  onRecord: (r: StatsRecord) => void | Promise<void>,
  opts: StatsStreamOptions = {},
): Promise<number> {
  let count = 0;
  for await (const batch of statsBatches(body, shape, opts)) {
    for (const record of batch) {
      const pending = onRecord(record);
      if (pending !== undefined) await pending;
      count++;
    }
  }
  return count;
}
