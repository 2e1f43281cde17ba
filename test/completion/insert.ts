// What Tab puts on the command line, in the real shells, and what that line means when it runs.
// bash: the COMPREPLY words (bash inserts them as they are); zsh and fish: an interactive shell on
// a pseudo-terminal (pty-insert.zsh) is sent the line and Tab and prints its edit buffer. Then
// `argsOf` runs the line in the same shell with `masg` replaced by a function that prints its
// arguments: the words the real masg would have received, and any $(…) or ; would have run.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './shells.js';

const run = promisify(execFile);
const COMPLETIONS = join(ROOT, 'completions');
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export type Shell = 'bash' | 'zsh' | 'fish';

/** The words bash would insert for `line` (COMPREPLY, NUL-separated so nothing is split). */
export async function bashReply(line: string, env: NodeJS.ProcessEnv, cwd: string): Promise<string[]> {
  const words = line.split(' ');
  const script = [
    'source /usr/share/bash-completion/bash_completion',
    `source ${q(join(COMPLETIONS, 'masg.bash'))}`,
    `COMP_WORDS=(${words.map(q).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    `COMP_LINE=${q(line)}`,
    `COMP_POINT=${line.length}`,
    '_masg',
    `(( \${#COMPREPLY[@]} )) && printf '%s\\0' "\${COMPREPLY[@]}"`,
  ].join('\n');
  const { stdout } = await run('bash', ['--norc', '--noprofile', '-c', script], { env, cwd, timeout: 15_000 });
  return stdout.split('\0').slice(0, -1);
}

/** The edit buffer of an interactive zsh or fish after typing `line` and Tab. */
export async function bufferAfterTab(
  shell: 'zsh' | 'fish',
  line: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  zfunc: string,
): Promise<string> {
  const setup = join(cwd, `.setup-${shell}-${process.pid}`);
  writeFileSync(
    setup,
    shell === 'zsh'
      ? [
          'PROMPT=',
          `fpath=(${q(zfunc)} $fpath)`,
          'autoload -Uz compinit && compinit -u -D',
          "masg-print-buffer() { print -rn -- $'\\n<<<BUFFER>>>'\"$BUFFER\"'<<<END>>>' }",
          'zle -N masg-print-buffer',
          "bindkey '^X' masg-print-buffer",
          "bindkey '^I' complete-word",
          '',
        ].join('\n')
      : [
          'function fish_prompt; end',
          `source ${q(join(COMPLETIONS, 'masg.fish'))}`,
          `bind \\cx 'printf "\\n<<<BUFFER>>>%s<<<END>>>" (commandline)'`,
          '',
        ].join('\n'),
  );
  const { stdout } = await run('zsh', ['-f', join(import.meta.dirname, 'pty-insert.zsh'), shell, setup, line], {
    env,
    cwd,
    timeout: 30_000,
  });
  return stdout.replace(/\n$/, '');
}

/** The arguments `masg` receives when `line` runs in `shell` (masg itself replaced by a printer). */
export async function argsOf(shell: Shell, line: string, cwd: string): Promise<string[]> {
  const printer = {
    bash: `masg() { printf '%s\\0' "$@"; }\n`,
    zsh: `masg() { printf '%s\\0' "$@" }\n`,
    fish: `function masg; printf '%s\\0' $argv; end\n`,
  }[shell];
  const argv =
    shell === 'fish'
      ? ['--no-config', '-c', printer + line]
      : shell === 'zsh'
        ? ['-f', '-c', printer + line]
        : ['--norc', '--noprofile', '-c', printer + line];
  const { stdout } = await run(shell, argv, { cwd, timeout: 15_000 });
  return stdout.split('\0').slice(0, -1);
}
