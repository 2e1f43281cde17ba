// A database's error can quote the value it refused whole (a 3 MB name, a whole CSV line): the
// message shown keeps its beginning and says how much was left out.

const MAX = 300;

export function briefError(err: unknown): unknown {
  if (!(err instanceof Error) || err.message.length <= MAX) return err;
  const brief = new Error(`${err.message.slice(0, MAX)}… (${err.message.length - MAX} more characters)`);
  (brief as NodeJS.ErrnoException).code = (err as NodeJS.ErrnoException).code;
  return brief;
}
