// How an option's or argument's value completes, declared beside the flag and found by spec.ts.
// A WeakMap, so nothing of ours leaks into commander's objects or typings.
import type { Argument, Option } from 'commander';

export type IdKind = 'publications' | 'adslots' | 'advertisers' | 'campaigns';

/** `list`: a comma-separated list of the values, completed after each comma. */
export type Completer = { values: readonly string[]; list?: boolean } | { files: true } | { ids: IdKind } | { zones: true };

const completers = new WeakMap<Option | Argument, Completer>();

/** Declares how Tab completes `target`, returned for inline use; `.choices()` need nothing. */
export function completeWith<T extends Option | Argument>(target: T, how: Completer): T {
  completers.set(target, how);
  return target;
}

export function completerOf(target: Option | Argument): Completer | undefined {
  return completers.get(target);
}
