import type { Writable } from 'node:stream';

/** Runs `write` and resolves with any error `out` failed with meanwhile: a full disk fails stdout a tick later (EPIPE is fine). */
export async function writeWatched(out: Writable, write: () => Promise<void>): Promise<unknown> {
  let failure: unknown;
  const onError = (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') failure ??= err;
  };
  out.on('error', onError);
  try {
    await write();
    await new Promise((resolve) => setImmediate(resolve));
  } catch (err) {
    failure ??= err;
  } finally {
    out.removeListener('error', onError);
  }
  return failure;
}
