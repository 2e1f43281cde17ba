// Response bodies: read whole or peeked then replayed, decoded by the declared charset
// (production JSON really is ISO-8859-1).

/** Lower case; UTF-8 when none is declared. */
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

/** The inverse of decodeBody(). */
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
  chunks: Buffer[];
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

export function single(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  return (async function* () {
    yield await Promise.resolve(bytes);
  })();
}

/** Peeked chunks, then the rest. Stopping early releases the body, else closing the client waits forever. */
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
