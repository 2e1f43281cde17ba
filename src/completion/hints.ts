// How the value of an option or argument is completed, attached to the commander object itself so
// the command file that declares a flag also declares its completion: one place to edit, and the
// generator (src/completion/spec.ts) finds it by walking the tree. A WeakMap rather than a property
// on commander's objects: nothing of ours leaks into commander's own state or its typings.
import type { Argument, Option } from 'commander';

/** Entities whose IDs are completed live from the account (see src/completion/live.ts). */
export type IdKind = 'publications' | 'adslots' | 'advertisers' | 'campaigns';

export type Completer =
  /** Fixed values; `list`: a comma-separated list of them, completed after each comma. */
  | { values: readonly string[]; list?: boolean }
  /** Paths, completed by the shell itself. */
  | { files: true }
  /** IDs of the account's entities, with their names as descriptions. */
  | { ids: IdKind }
  /** IANA time zones known to the running Node (`--tz Europe/<Tab>`). */
  | { zones: true };

const completers = new WeakMap<Option | Argument, Completer>();

/**
 * Declares how Tab completes the value of `target` and returns it, for use inline:
 * `cmd.addOption(completeWith(new Option('--status <status>', '…'), { values: STATUSES }))`.
 * Options with commander `.choices()` need nothing: their choices are completed already.
 */
export function completeWith<T extends Option | Argument>(target: T, how: Completer): T {
  completers.set(target, how);
  return target;
}

export function completerOf(target: Option | Argument): Completer | undefined {
  return completers.get(target);
}
