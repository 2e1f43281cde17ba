// List bodies parsed as they arrive: with no paging, a big network's `adslot/list` is hundreds of
// MB, too big for a tree. Records match what entityRecords() + pickFields() make of the whole body
// (test/endpoints/list-stream.test.ts compares them).

import { NetworkError } from '../core/errors.js';
import { CharRefFixer, CONTROL_ENTITIES } from '../core/charrefs.js';
import { charsetOf } from '../transport/body.js';
import { MalformedBody } from '../transport/interpret.js';
import type { ApiResponse } from '../transport/types.js';
import { recordsFromJson, pickFields } from './records.js';

export interface EntityStreamSpec<K extends string> {
  tag: string;
  /** Each one the body leaves out is ''. */
  fields: readonly K[];
  contentType?: string;
  what?: string;
  /** The error for a malformed or unfinished body; default listCutOff. */
  problem?: (detail: string, cause?: unknown) => Error;
}

/** saxes handles any split; slices bound the records collected per write on huge chunks. */
const SLICE = 64 * 1024;

/** Problems production's bodies have that lose nothing: the reference is kept as written. */
const TOLERATED = new Set(['undefined entity.', 'malformed character entity.']);

export function listCutOff(what: string, detail: string, cause?: unknown): NetworkError {
  return new NetworkError(`The service's list of ${what} was cut off or malformed (${detail}).`, {
    cause,
    hint: 'Try again; if it persists, the service is at fault.',
  });
}

/**
 * A list body that arrived whole, read before the transport hands it over (StreamOptions.readWhole):
 * a broken one is a MalformedBody, so it fails as request()'s would, before any record is used.
 */
export async function readWholeList<K extends string>(
  res: ApiResponse,
  spec: EntityStreamSpec<K>,
): Promise<Array<Array<Record<K, string>>>> {
  const all: Array<Array<Record<K, string>>> = [];
  const body = (async function* () {
    yield await Promise.resolve(res.bytes ?? res.body);
  })();
  const problem = (detail: string, cause?: unknown) => new MalformedBody(detail, { cause });
  for await (const batch of entityBatches(body, { ...spec, contentType: res.contentType, problem })) all.push(batch);
  return all;
}

/** One array per piece of input; NetworkError (or spec.problem) for a malformed or unfinished body. */
export async function* entityBatches<K extends string>(
  body: AsyncIterable<Uint8Array | string>,
  spec: EntityStreamSpec<K>,
): AsyncGenerator<Array<Record<K, string>>, void, undefined> {
  const what = spec.what ?? `${spec.tag}s`;
  const cutOff = spec.problem ?? ((detail: string, cause?: unknown): Error => listCutOff(what, detail, cause));
  // The builder's own refusals pass through the parser's callbacks as they are.
  const passes = (err: unknown): err is Error => err instanceof NetworkError || err instanceof MalformedBody;
  const decoder = textDecoder(spec.contentType ?? '');
  const input = body[Symbol.asyncIterator]();
  let first = '';
  let received = 0;
  for (;;) {
    const next = await input.next();
    if (next.done) break;
    received += next.value.length;
    first += typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
    if (first.trimStart() !== '') break;
  }
  const rest: AsyncIterable<Uint8Array | string> = { [Symbol.asyncIterator]: () => input };
  if (/^\uFEFF?\s*\{/.test(first)) {
    yield await jsonFallback(first, rest, decoder, spec, cutOff);
    return;
  }

  const { SaxesParser } = await import('saxes');
  // Position tracking costs about a quarter of the parse time; errors name the byte count instead.
  const parser = new SaxesParser({ position: false });
  Object.assign(parser.ENTITIES, CONTROL_ENTITIES);
  let batch: Array<Record<K, string>> = [];
  const builder = new EntityBuilder(spec, (r) => batch.push(r), cutOff);
  parser.on('error', (err) => {
    // Unknown or forbidden references are kept as written, as the whole-body decoder does.
    if (!TOLERATED.has(err.message.replace(/^.*?:\d+:\d+: /, ''))) throw err;
  });
  parser.on('opentag', (tag) => builder.open(tag.name));
  parser.on('text', (t) => builder.text(t));
  parser.on('cdata', (t) => builder.text(t));
  parser.on('closetag', (tag) => builder.close(tag.name));

  const write = (text: string): void => {
    try {
      parser.write(text);
    } catch (err) {
      throw passes(err) ? err : cutOff(`${reason(err)}, after ${received} bytes`, err);
    }
  };
  const fixer = new CharRefFixer();
  const feed = function* (text: string): Generator<Array<Record<K, string>>> {
    const fixed = fixer.push(text);
    for (let i = 0; i < fixed.length; i += SLICE) {
      write(fixed.length <= SLICE ? fixed : fixed.slice(i, i + SLICE));
      if (batch.length > 0) {
        const out = batch;
        batch = [];
        yield out;
      }
    }
  };
  yield* feed(first);
  for await (const chunk of rest) {
    received += chunk.length;
    yield* feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  write(fixer.push(decoder.decode()) + fixer.end());
  try {
    parser.close();
  } catch (err) {
    throw passes(err) ? err : cutOff(`${reason(err)}, after ${received} bytes`, err);
  }
  builder.finish();
  if (batch.length > 0) yield batch;
}

/** Depth 1 is the root: `masg-response`, or the entity itself. Text counts only directly in a field. */
class EntityBuilder<K extends string> {
  private depth = 0;
  private entityDepth = 0;
  private record: Record<string, string> | undefined;
  private field: string | undefined;
  private wanted = false;
  private value = '';
  private nested = false;
  private readonly known: ReadonlySet<string>;

  constructor(
    private readonly spec: EntityStreamSpec<K>,
    private readonly emit: (record: Record<K, string>) => void,
    private readonly cutOff: (detail: string) => Error,
  ) {
    this.known = new Set(spec.fields);
  }

  open(name: string): void {
    const depth = ++this.depth;
    if (depth === 1) {
      if (name === this.spec.tag) this.startEntity(1);
      else if (name === 'masg-response') this.entityDepth = 2;
      else throw this.cutOff(`unexpected root element <${name}>`);
      return;
    }
    if (this.record === undefined) {
      if (depth === this.entityDepth && name === this.spec.tag) this.startEntity(depth);
      return;
    }
    if (depth === this.entityDepth + 1) {
      this.field = name;
      this.wanted = this.known.has(name);
      this.value = '';
      this.nested = false;
    } else this.nested = true;
  }

  text(t: string): void {
    if (this.wanted && this.depth === this.entityDepth + 1) this.value += t;
  }

  close(name: string): void {
    const depth = this.depth--;
    if (this.record === undefined) return;
    if (depth === this.entityDepth + 1) {
      if (this.wanted) this.record[this.field!] = this.nested ? '' : this.value;
      this.field = undefined;
      this.wanted = false;
      this.value = '';
    } else if (depth === this.entityDepth && name === this.spec.tag) {
      this.emit(this.record);
      this.record = undefined;
    }
  }

  finish(): void {
    if (this.depth !== 0 || this.record !== undefined) throw this.cutOff('the body ended inside an element');
  }

  private startEntity(depth: number): void {
    this.entityDepth = depth;
    const record: Record<string, string> = {};
    for (const key of this.spec.fields) record[key] = '';
    this.record = record;
  }
}

type Decoder = InstanceType<typeof TextDecoder>;

function textDecoder(contentType: string): Decoder {
  try {
    return new TextDecoder(charsetOf(contentType));
  } catch {
    return new TextDecoder('utf-8'); // an unknown label: UTF-8 is what production XML uses
  }
}

/** A JSON list means a server that ignored the `.xml` suffix: read whole, as such lists are small. */
async function jsonFallback<K extends string>(
  first: string,
  rest: AsyncIterable<Uint8Array | string>,
  decoder: Decoder,
  spec: EntityStreamSpec<K>,
  cutOff: (detail: string, cause?: unknown) => Error,
): Promise<Array<Record<K, string>>> {
  let text = first;
  for await (const chunk of rest) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  text += decoder.decode();
  try {
    return recordsFromJson(text, spec.tag).map((r) => pickFields(spec.fields, r));
  } catch (err) {
    throw cutOff(reason(err), err);
  }
}

function reason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\.$/, '');
}
