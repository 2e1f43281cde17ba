// A sandbox whose demo account also holds publications with hostile IDs and names: what a
// compromised or buggy service could send. The service's own API never makes such IDs, so they
// are written into the sandbox's data file between two starts; everything after that (the list
// over HTTP, the XML, the client) is the real path.
import type { SandboxOptions } from '../../src/sandbox/index.js';
import { startEditedSandbox, type EditedSandbox } from './edited-sandbox.js';

/**
 * IDs a shell must offer and insert as one literal word, never run: `PWNED*` files prove nothing
 * ran. Most start with letters that no other ID starts with, so typing them and Tab inserts that
 * one ID (see INSERT_CASES); the first stays bare, `$(` at the very start.
 */
export const HOSTILE_IDS = [
  '$(touch PWNED1)',
  'cmd$(touch PWNED2)',
  'tick`touch PWNED3`',
  'semi;touch PWNED4',
  'two words',
  `quote's "both"`,
  'star*',
  '*',
  '-rf',
  'back\\slash',
  'colon:id',
  'amp$HOME&&touch PWNED5|x>PWNED6',
  'brace{a,b}~!#',
] as const;

/** [what is typed after `masg pub update `, the one ID Tab must insert]. */
export const INSERT_CASES: Array<[typed: string, id: string]> = [
  ['cmd', 'cmd$(touch PWNED2)'],
  ['tick', 'tick`touch PWNED3`'],
  ['semi', 'semi;touch PWNED4'],
  ['two', 'two words'],
  ['quote', `quote's "both"`],
  ['star', 'star*'],
  ['-- -r', '-rf'],
  ['back', 'back\\slash'],
  ['colon', 'colon:id'],
  ['amp', 'amp$HOME&&touch PWNED5|x>PWNED6'],
  ['brace', 'brace{a,b}~!#'],
];

/** IDs no shell is offered: a control character cannot be seen on the line before Enter. */
export const UNOFFERED_IDS = ['line\n$(touch PWNED7)', 'tab\there', 'esc\u001b[2Jx', 'c1\u009bx', 'bidi\u202etxt.exe'] as const;

/** Names (descriptions in zsh/fish) with terminal escapes, C1 and bidi controls. */
export const HOSTILE_NAME = 'Evil\u001b]0;TITLE\u0007 \u009b31mred\u001b[2J \u202egnp.exe\u2066x\u2069\u200f\u061c\u0085 end\ttab\nline';
/** What a terminal may show of HOSTILE_NAME: every control character gone, whitespace as spaces. */
export const HOSTILE_NAME_SHOWN = 'Evil red gnp.exex end tab line';

export type HostileSandbox = EditedSandbox;

export function startHostileSandbox(opts: SandboxOptions = {}): Promise<HostileSandbox> {
  return startEditedSandbox(opts, (state) => {
    const model = state.publications.find((p) => p.account === state.accounts[0]!.email)!;
    const ids = [...HOSTILE_IDS, ...UNOFFERED_IDS];
    ids.forEach((id, i) =>
      state.publications.push({ ...model, id, reference: `hostile-${i}`, name: i === 0 ? HOSTILE_NAME : `Hostile ${i}` }),
    );
  });
}
