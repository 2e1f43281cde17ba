// What Tab offers for a line, from the spec alone (no commander, no I/O). The walk mirrors commander:
// ancestors' options count anywhere, a required value takes the next word, an optional one unless
// it starts with "-", and the first operand picks the subcommand.
import type { Completer, IdKind } from './hints.js';
import type { ArgSpec, CommandSpec, OptionSpec } from './spec.js';

export interface Candidate {
  value: string;
  description?: string;
}

export interface LineGlobals {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
}

export interface Answer {
  candidates: Candidate[];
  files?: boolean;
  /** A comma list the user may continue. */
  nospace?: boolean;
  /** Live IDs are wanted: `prefix` is prepended to each ID, `partial` filters them. */
  ids?: { kind: IdKind; prefix: string; partial: string };
  globals: LineGlobals;
}

interface Walk {
  chain: CommandSpec[];
  positionals: number;
  pending?: OptionSpec;
  afterDashDash: boolean;
  given: Set<OptionSpec>;
  globals: LineGlobals;
}

function findOption(chain: CommandSpec[], flag: string): OptionSpec | undefined {
  for (let i = chain.length - 1; i >= 0; i--) {
    const found = chain[i].options.find((o) => o.flags.includes(flag));
    if (found) return found;
  }
  return undefined;
}

function findCommand(node: CommandSpec, word: string): CommandSpec | undefined {
  return node.commands.find((c) => c.name === word || c.aliases?.includes(word));
}

function remember(w: Walk, option: OptionSpec, value: string | undefined): void {
  w.given.add(option);
  if (option.flags.includes('--profile')) w.globals.profile = value;
  if (option.flags.includes('--base-url')) w.globals.baseUrl = value;
  if (option.flags.includes('--sandbox')) w.globals.sandbox = true;
}

function walk(spec: CommandSpec, done: string[]): Walk {
  const w: Walk = { chain: [spec], positionals: 0, afterDashDash: false, given: new Set(), globals: {} };
  for (const word of done) {
    const pending = w.pending;
    if (pending && (pending.value === 'required' || !word.startsWith('-'))) {
      w.pending = undefined;
      remember(w, pending, word);
      continue;
    }
    w.pending = undefined;
    const node = w.chain.at(-1)!;
    if (w.afterDashDash || word === '-' || !word.startsWith('-')) {
      const sub = w.positionals === 0 && !w.afterDashDash ? findCommand(node, word) : undefined;
      if (sub) w.chain.push(sub);
      else w.positionals++;
    } else if (word === '--') {
      w.afterDashDash = true;
    } else if (word.startsWith('--') && word.includes('=')) {
      const option = findOption(w.chain, word.slice(0, word.indexOf('=')));
      if (option) remember(w, option, word.slice(word.indexOf('=') + 1));
    } else {
      const option = findOption(w.chain, word);
      if (option?.value) w.pending = option;
      else if (option) remember(w, option, undefined);
      // Unknown flags are skipped: commander will complain when the line runs, not Tab.
    }
  }
  return w;
}

function valueAnswer(how: Completer | undefined, cur: string, prefix: string, globals: LineGlobals): Answer {
  if (!how) return { candidates: [], globals };
  if ('files' in how) return { candidates: [], files: true, globals };
  if ('ids' in how) return { candidates: [], ids: { kind: how.ids, prefix, partial: cur }, globals };
  if ('zones' in how) how = { values: Intl.supportedValuesOf('timeZone') };
  if (!how.list) {
    return { candidates: how.values.filter((v) => v.startsWith(cur)).map((v) => ({ value: prefix + v })), globals };
  }
  // A comma list: keep what was typed up to the last comma, offer the values not yet in it.
  const cut = cur.lastIndexOf(',') + 1;
  const head = cur.slice(0, cut);
  const taken = new Set(head.split(','));
  const candidates = how.values.filter((v) => !taken.has(v) && v.startsWith(cur.slice(cut))).map((v) => ({ value: prefix + head + v }));
  return { candidates, nospace: true, globals };
}

function flagCandidates(w: Walk, cur: string): Candidate[] {
  const longOnly = cur === '-' || cur.startsWith('--');
  const seen = new Set<string>();
  const out: Candidate[] = [];
  // The command's own flags first, then its ancestors' (the global ones last, as in --help).
  for (const node of [...w.chain].reverse()) {
    for (const option of node.options) {
      if (w.given.has(option) && !option.flags.includes('--help')) continue;
      for (const flag of option.flags) {
        if ((longOnly && !flag.startsWith('--')) || !flag.startsWith(cur) || seen.has(flag)) continue;
        seen.add(flag);
        out.push({ value: flag, description: option.description });
      }
    }
  }
  return out;
}

function operandAnswer(w: Walk, cur: string): Answer {
  const node = w.chain.at(-1)!;
  if (node.commands.length > 0 && w.positionals === 0 && !w.afterDashDash) {
    const candidates: Candidate[] = [];
    for (const c of node.commands) {
      if (c.name.startsWith(cur)) candidates.push({ value: c.name, description: c.description });
      // An alias only when it is what the user is typing (`publ` → publication), not as clutter.
      else for (const a of c.aliases ?? []) if (cur && a.startsWith(cur)) candidates.push({ value: a, description: c.description });
    }
    return { candidates, globals: w.globals };
  }
  const last: ArgSpec | undefined = node.args.at(-1);
  const arg = node.args[w.positionals] ?? (last?.variadic ? last : undefined);
  return valueAnswer(arg?.complete, cur, '', w.globals);
}

/** `words`: everything after the program name; the last is under the cursor. */
export function answer(spec: CommandSpec, words: string[]): Answer {
  const cur = words.at(-1) ?? '';
  const w = walk(spec, words.slice(0, -1));
  if (w.pending && (w.pending.value === 'required' || !cur.startsWith('-'))) {
    return valueAnswer(w.pending.complete, cur, '', w.globals);
  }
  if (!w.afterDashDash && cur.startsWith('--') && cur.includes('=')) {
    const flag = cur.slice(0, cur.indexOf('='));
    return valueAnswer(findOption(w.chain, flag)?.complete, cur.slice(flag.length + 1), `${flag}=`, w.globals);
  }
  if (!w.afterDashDash && cur.startsWith('-')) return { candidates: flagCandidates(w, cur), globals: w.globals };
  return operandAnswer(w, cur);
}
