// Colour is decided once per invocation, from explicit inputs, and carried as a chalk instance:
// no global chalk or supports-color state, so tests and in-process runs cannot leak into each other.

import type { ChalkInstance } from 'chalk';

export type ColorFlag = 'auto' | 'always' | 'never';

export interface ColorInputs {
  flag?: ColorFlag;
  env: Readonly<Record<string, string | undefined>>;
  isTTY: boolean;
}

/**
 * `--color` wins; then NO_COLOR (any non-empty value); then FORCE_COLOR ("0"/"false" off, anything else on, '' included,
 * as Node and chalk read it); then the terminal, except TERM=dumb.
 */
export function decideColor({ flag = 'auto', env, isTTY }: ColorInputs): boolean {
  if (flag === 'always') return true;
  if (flag === 'never') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

/** A chalk instance for this decision; level 1 (16 colours) is all the tables use. */
export async function createChalk(color: boolean): Promise<ChalkInstance> {
  const { Chalk } = await import('chalk');
  return new Chalk({ level: color ? 1 : 0 });
}

/** Status words are the one thing worth colouring in a list: they are what ops scan for. */
export function paintStatus(chalk: ChalkInstance, status: string): string {
  switch (status) {
    case 'ACTIVE':
      return chalk.green(status);
    case 'PAUSED':
      return chalk.yellow(status);
    case 'STOPPED':
      return chalk.red(status);
    default:
      return status === '' ? status : chalk.dim(status);
  }
}
