// Drives the real shells through the committed completion scripts, the way Tab would: bash
// through the completion function with COMP_WORDS/COMP_CWORD (and COMP_LINE/COMP_POINT, which
// bash-completion reads), fish through `complete -C`, zsh through a pseudo-terminal
// (zsh-capture.zsh). The scripts call `masg`, found on PATH: a temporary link to bin/masg.cjs.
// Everything is asynchronous: a test's in-process sandbox must keep serving while a shell runs.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BIN } from '../helpers/binary.js';

const run = promisify(execFile);
export const ROOT = join(import.meta.dirname, '../..');
const COMPLETIONS = join(ROOT, 'completions');
const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';

export function hasShell(shell: string): boolean {
  return ['/usr/bin', '/bin', '/usr/local/bin'].some((d) => existsSync(join(d, shell)));
}

export function hasBashCompletion(): boolean {
  return existsSync(BASH_COMPLETION);
}

/** A directory with `masg` (→ bin/masg.cjs) and a zsh function dir holding `_masg`. */
export function tempBin(): { path: string; zfunc: string } {
  const dir = mkdtempSync(join(tmpdir(), 'masg-complete-'));
  mkdirSync(join(dir, 'bin'));
  symlinkSync(BIN, join(dir, 'bin', 'masg'));
  mkdirSync(join(dir, 'zfunc'));
  symlinkSync(join(COMPLETIONS, '_masg'), join(dir, 'zfunc', '_masg'));
  return { path: `${join(dir, 'bin')}:${process.env.PATH}`, zfunc: join(dir, 'zfunc') };
}

export interface Offer {
  value: string;
  description?: string;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `line` as typed before Tab; words are separated by single spaces (no quoting in tests). */
export async function bashComplete(
  line: string,
  env: NodeJS.ProcessEnv,
  opts: { bashCompletion?: boolean; columns?: number } = {},
): Promise<string[]> {
  const words = line.split(' ');
  const script = [
    opts.bashCompletion === false ? '' : `source ${q(BASH_COMPLETION)}`,
    `source ${q(join(COMPLETIONS, 'masg.bash'))}`,
    `COMP_WORDS=(${words.map(q).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    `COMP_LINE=${q(line)}`,
    `COMP_POINT=${line.length}`,
    `COLUMNS=${opts.columns ?? 80}`,
    '_masg',
    `printf '%s\\n' "\${COMPREPLY[@]}"`,
  ].join('\n');
  const { stdout } = await run('bash', ['--norc', '--noprofile', '-c', script], { env, timeout: 15_000 });
  return stdout.split('\n').filter((l) => l !== '');
}

/**
 * A bash candidate as listed: `value  (description)` (padded) when there are several, as cobra
 * shows them, or the value alone. A listed value never holds two spaces in a row (it is either
 * a plain word or quoted with %q, which escapes every space), so the first "  (" ends it.
 */
export function bashOffer(entry: string): Offer {
  const at = entry.indexOf('  (');
  if (at < 0 || !entry.endsWith(')')) return { value: entry };
  return { value: entry.slice(0, at).trimEnd(), description: entry.slice(at + 3, -1) };
}

function offers(stdout: string, separator: string): Offer[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const at = l.indexOf(separator);
      return at < 0 ? { value: l } : { value: l.slice(0, at), description: l.slice(at + separator.length) };
    });
}

export async function fishComplete(line: string, env: NodeJS.ProcessEnv): Promise<Offer[]> {
  const script = `source ${q(join(COMPLETIONS, 'masg.fish'))}; complete -C ${q(line)}`;
  const { stdout } = await run('fish', ['--no-config', '-c', script], { env, timeout: 15_000 });
  return offers(stdout, '\t');
}

export async function zshComplete(line: string, env: NodeJS.ProcessEnv, zfunc: string): Promise<Offer[]> {
  const { stdout } = await run('zsh', ['-f', join(import.meta.dirname, 'zsh-capture.zsh'), zfunc, line], { env, timeout: 20_000 });
  return offers(stdout, ' -- ');
}

export const values = (list: Offer[]) => list.map((o) => o.value);
