// What help shows beside commander's own fields: each command's examples and extra sections,
// kept by command (not commander "after" text, so the help formatter can put them before the
// inherited options). Registration sets them (commands/registry.ts, program.ts); help reads them.
import type { Command } from 'commander';

const examples = new WeakMap<Command, readonly string[]>();
const extra = new WeakMap<Command, Array<{ title: string; lines: string[] }>>();

export function setExamples(cmd: Command, list: readonly string[]): void {
  examples.set(cmd, list);
}

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
