// The built binary on a real pseudo-terminal (util-linux `script`, `stty cols N`): it sees a TTY
// of that width, as in a user's terminal. Shared by the terminal tests of the slow tier.
import { execFileSync, spawnSync } from 'node:child_process';
import { BIN } from './binary.js';
import { atInstant } from './fixed-clock.js';

/** Whether util-linux `script` is here (the tests that need it skip otherwise). */
export const hasScript = spawnSync('script', ['--version']).status === 0;

/** A shell word: `s` inside single quotes. */
export const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export interface PtyOptions {
  timeout?: number;
  /** Any exit code is an answer (`masg pulse` exits 9 on an alert); else a non-zero one throws. */
  anyExit?: boolean;
  /** The instant masg's clock reads ("2026-11-30 20:00:00", UTC: test/helpers/fixed-clock.ts). */
  clock?: string;
}

/** `masg ARGS` on a terminal `cols` wide: stdout and stderr as the user sees them, CR LF made LF. */
export function onTerminal(cols: number, args: string[], env: Record<string, string | undefined>, opts: PtyOptions = {}): string {
  const clock = opts.clock === undefined ? [] : atInstant(opts.clock);
  const masg = [...clock, process.execPath, BIN, ...args].map(quote).join(' ');
  const line = `stty cols ${cols} rows 50; ${masg}${opts.anyExit ? '; true' : ''}`;
  const out = execFileSync('script', ['-qfec', line, '/dev/null'], {
    env,
    encoding: 'utf8',
    timeout: opts.timeout ?? 60_000,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return out.replace(/\r\n/g, '\n');
}
