// The bytes a database writes for `masg sql` (COPY), passed on to the output under backpressure.
// The first 64 KiB are held back until more come or the statement ends well: a statement that fails
// on its first rows leaves stdout empty, as a cursor's first batch would, instead of a lone header.
import { createSink } from '../output/sink.js';
import { OutputFailed, type CopyRequest } from './sql-stream.js';

const HELD_BYTES = 64 * 1024;

/**
 * Resolves once every byte is out; the output's own failure is thrown as OutputFailed. What is
 * still held at the end is written only if `succeeded()` says the statement ended well.
 */
export async function forward(
  from: AsyncIterable<Buffer | string>,
  copy: CopyRequest,
  opts: { first?: string; succeeded?: () => boolean } = {},
): Promise<void> {
  const first = opts.first ?? '';
  const sink = createSink(copy.stream);
  const ready = () =>
    sink.ready().catch((err: unknown) => {
      throw new OutputFailed(err);
    });
  let held: Buffer[] | undefined = first === '' ? [] : [Buffer.from(first)];
  let heldBytes = first.length;
  const write = async (chunk: Buffer) => {
    sink.write(chunk);
    copy.sent = (copy.sent ?? 0) + chunk.length;
    if (sink.blocked) await ready();
  };
  for await (const piece of from) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (held === undefined) {
      await write(chunk);
      continue;
    }
    // A copy: the reader may fill its buffer again.
    held.push(Buffer.from(chunk));
    heldBytes += chunk.length;
    if (heldBytes >= HELD_BYTES) {
      const all = Buffer.concat(held);
      held = undefined;
      await write(all);
    }
  }
  if (held !== undefined && heldBytes > 0 && (opts.succeeded?.() ?? true)) await write(Buffer.concat(held));
  await ready();
}
