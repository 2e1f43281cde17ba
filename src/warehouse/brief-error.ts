// A database's error can quote the value it refused whole (a 3 MB name, a whole CSV line) and
// spread over many lines: what masg shows is its first paragraph on one line, cut after MAX
// characters with how much was left out.

const MAX = 300;

export function trimMessage(message: string): string {
  const line = (message.trim().split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
  return line.length <= MAX ? line : `${line.slice(0, MAX)}… (${line.length - MAX} more characters)`;
}

/** `err` with its message trimmed (its code kept), or `err` itself when there is nothing to trim. */
export function briefError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const message = trimMessage(err.message);
  if (message === err.message) return err;
  const brief = new Error(message);
  (brief as NodeJS.ErrnoException).code = (err as NodeJS.ErrnoException).code;
  return brief;
}
