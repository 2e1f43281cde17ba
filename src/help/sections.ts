// What a command's help shows besides commander's own parts: its examples and any further
// sections (the root's help topics). Kept here, not as commander "after" text, so the help
// formatter can put them before the inherited options, as gh does.
import type { Command } from 'commander';

const examples = new WeakMap<Command, readonly string[]>();
const extra = new WeakMap<Command, Array<{ title: string; lines: string[] }>>();

export function setExamples(cmd: Command, list: readonly string[]): void {
  examples.set(cmd, list);
}

/** The examples of a command, for its help and for generated documentation. */
export function examplesOf(cmd: Command): readonly string[] {
  return examples.get(cmd) ?? [];
}

/** A section shown after the examples, e.g. the root's "Help topics:". */
export function addSection(cmd: Command, title: string, lines: string[]): void {
  extra.set(cmd, [...(extra.get(cmd) ?? []), { title, lines }]);
}

export function sectionsOf(cmd: Command): ReadonlyArray<{ title: string; lines: string[] }> {
  return extra.get(cmd) ?? [];
}
