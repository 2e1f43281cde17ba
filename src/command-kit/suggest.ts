// Commander's parse errors where spelling misleads (`--out` is not `--output`, `--json` is
// `-o json`). Suggested commands keep --sandbox/--profile/--base-url, so a paste asks the same service.
import type { Command } from 'commander';
import { didYouMean } from '../core/closest.js';
import { ApiError, UsageError, type MasgError } from '../core/errors.js';

const FILE_FLAGS = new Set(['--out', '--outfile', '--out-file', '--output-file']);

function longFlags(cmd: Command): Set<string> {
  return new Set(cmd.options.map((o) => o.long).filter((l): l is string => l !== undefined));
}

export function correctSuggestion(text: string, cmd: Command): string {
  const line = cmd.optsWithGlobals<LineOptions>();
  return keepLineOptions(corrected(text, cmd), line);
}

function corrected(text: string, cmd: Command): string {
  const first = text.split('\n')[0];
  const missing = /^error: missing required argument '([^']+)'/.exec(text)?.[1];
  if (missing !== undefined) {
    const list = listFor(cmd.registeredArguments.find((a) => a.name() === missing)?.description ?? '');
    return list === undefined ? text : `${first}\n(${list} shows the IDs.)\n`;
  }
  const flag = /^error: unknown option '(--[^'=]+)(?:=([^']*))?/.exec(text);
  if (flag?.[1] === '--json') {
    const fields = flag[2] ? ` --fields ${flag[2]}` : '';
    return `${first}\n(For JSON, use \`-o json${fields}\`: -o chooses the format, --fields the columns.)\n`;
  }
  if (flag === null || !FILE_FLAGS.has(flag[1].toLowerCase()) || longFlags(cmd).has('--out')) return text;
  const instead = !cmd.parent
    ? '(--out belongs after the command, for the list and stats commands: e.g. masg pub list --out FILE.)'
    : longFlags(cmd).has('--results')
      ? '(Did you mean --results? It names the file for the per-row results of --from.)'
      : '(This command writes no file: redirect its output instead, e.g. `> FILE`; -o/--output sets the format.)';
  return `${first}\n${instead}\n`;
}

const KIND_WORDS: Record<string, keyof typeof LIST_COMMANDS> = {
  publication: 'publication',
  'ad slot': 'adslot',
  advertiser: 'advertiser',
  campaign: 'campaign',
};

/** The list command for an ID argument: the one its description names, else the one of its kind. */
function listFor(description: string): string | undefined {
  const named = /\(see (`masg [^`]+`)\)/.exec(description)?.[1];
  if (named !== undefined) return named;
  const kind = /^(publication|ad slot|advertiser|campaign) ID/.exec(description)?.[1];
  return kind === undefined ? undefined : `\`${LIST_COMMANDS[KIND_WORDS[kind]]}\``;
}

export interface LineOptions {
  sandbox?: boolean;
  profile?: string;
  baseUrl?: string;
}

/** A value as a shell word: bare when safe, else in single quotes. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function lineFlags(line: LineOptions): Array<{ flag: string; text: string }> {
  const flags: Array<{ flag: string; text: string }> = [];
  if (line.sandbox) flags.push({ flag: '--sandbox', text: '--sandbox' });
  // A list of profiles is not one account: a suggested command names its own (`--profile a …`).
  if (line.profile !== undefined && !line.profile.includes(','))
    flags.push({ flag: '--profile', text: `--profile ${shellWord(line.profile)}` });
  if (line.baseUrl !== undefined) flags.push({ flag: '--base-url', text: `--base-url ${shellWord(line.baseUrl)}` });
  return flags;
}

/** Adds the line's options to every `masg …` in backticks, unless already there or ruled out. */
export function keepLineOptions(text: string, line: LineOptions): string {
  const flags = lineFlags(line);
  if (flags.length === 0) return text;
  return text.replace(/`masg ([^`]*)`/g, (whole, rest: string, at: number) => {
    const after = text.slice(at + whole.length, at + whole.length + 40);
    const added = flags
      .filter(({ flag }) => !new RegExp(`(^|\\s)(${flag}|${flag === '--profile' ? '-p' : flag})(\\s|=|$)`).test(rest))
      .filter(({ flag }) => !after.startsWith(` without ${flag}`))
      // `masg sandbox` is the service itself: --sandbox (the embedded one) has no place on it.
      .filter(({ flag }) => !(flag === '--sandbox' && /^sandbox(\s|$)/.test(rest)))
      .map((f) => f.text);
    return added.length === 0 ? whole : `\`masg ${added.join(' ')} ${rest}\``;
  });
}

export function keepLineOptionsIn(err: MasgError, line: LineOptions): void {
  err.message = keepLineOptions(err.message, line);
  if (err.hint !== undefined) err.hint = keepLineOptions(err.hint, line);
}

export const LIST_COMMANDS = {
  publication: 'masg pub list',
  adslot: 'masg slot list',
  advertiser: 'masg adv list',
  campaign: 'masg campaign list',
} as const;

export function idHint(kind: keyof typeof LIST_COMMANDS): string {
  return `See \`${LIST_COMMANDS[kind]}\` for the IDs.`;
}

/** "Not found" answers (2000, and 5000 on ad slot create/list) name the list command to run. */
export function addIdHint(err: unknown): void {
  if (!(err instanceof ApiError) || err.hint !== undefined) return;
  const d = err.description;
  const kind = /^No such Publication\b/.test(d)
    ? 'publication'
    : /^No such AdSpace\b/.test(d)
      ? 'adslot'
      : /^Advertiser .* not found/.test(d)
        ? 'advertiser'
        : /^Campaign .* not found/.test(d)
          ? 'campaign'
          : undefined;
  if (kind && (err.code === 2000 || err.code === 5000)) err.hint = idHint(kind);
}

/**
 * A flag whose value is one of a few words (-o, --raw, --color): any case is accepted, as --status
 * is, and anything else is refused with masg's message and a guess, not commander's raw one.
 * `.choices()` stays on the option for help and completion; this parser replaces its check.
 */
export function choiceParser(flag: string, allowed: readonly string[]): (value: string) => string {
  return (value) => {
    const found = allowed.find((a) => a === value.trim().toLowerCase());
    if (found !== undefined) return found;
    throw new UsageError(`${flag}: "${value}" is not one of ${allowed.join(', ')}.`, {
      field: flag,
      hint: didYouMean(value, allowed) || undefined,
    });
  };
}
