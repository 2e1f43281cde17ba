// Reading response bodies: whole (inventory) or peeked then replayed (statistics streams), and
// decoding by the declared charset. Production JSON really is ISO-8859-1, so a UTF-8 decode
// would turn every accented character into U+FFFD.

/** The charset parameter of a Content-Type, lower case; UTF-8 when none is declared. */
export function charsetOf(contentType: string): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match ? match[1].toLowerCase() : 'utf-8';
}

export function decodeBody(bytes: Uint8Array, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(contentType)).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes); // an unknown label: UTF-8 is what production XML uses
  }
}

/** The bytes a body decoded by decodeBody() came from, for the charsets the service uses. */
export function encodeBody(body: string, contentType: string): Uint8Array {
  const charset = charsetOf(contentType);
  return Buffer.from(body, charset === 'iso-8859-1' || charset === 'latin1' ? 'latin1' : 'utf8');
}

export async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export interface Peeked {
  /** Chunks read so far, in order. */
  chunks: Buffer[];
  /** The whole body has been read. */
  done: boolean;
  rest: AsyncIterator<Uint8Array>;
}

/** Read at least `bytes` (or the whole body when shorter) to look at the root element. */
export async function peek(body: AsyncIterable<Uint8Array>, bytes: number): Promise<Peeked> {
  const rest = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < bytes) {
    const next = await rest.next();
    if (next.done) return { chunks, done: true, rest };
    chunks.push(Buffer.from(next.value));
    size += next.value.byteLength;
  }
  return { chunks, done: false, rest };
}

/** One chunk as a body stream (an async iterable, as undici's bodies are). */
export function single(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  return (async function* () {
    yield await Promise.resolve(bytes);
  })();
}

/**
 * The peeked chunks, then the rest of the body; read errors go through `onError`. A reader that
 * stops early (its output failed on a full disk, a table over its limit, a completion that has
 * what it needs) releases the body: left unread, the connection would never finish and closing
 * the client would wait for it forever.
 */
export async function* replay(peeked: Peeked, onError: (err: unknown) => Error): AsyncGenerator<Uint8Array> {
  let finished = false;
  try {
    yield* peeked.chunks;
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await peeked.rest.next();
      } catch (err) {
        finished = true;
        throw onError(err);
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!finished) await peeked.rest.return?.().catch(() => undefined);
  }
}
