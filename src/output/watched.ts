import type { Writable } from 'node:stream';

/**
 * Runs `write` (which prints to `out`) and resolves with the error `out` failed with meanwhile,
 * if any: stdout redirected to a file on a full disk fails on the next tick, after the write
 * itself seemed to succeed. EPIPE (`| head`) is not a failure.
 */
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
