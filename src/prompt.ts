// Prompts go to stderr and happen only on a terminal: without one, every question fails with a ConfigError naming the
// flag or variable that answers it, so a cron job fails fast instead of hanging on a read.
import { createInterface, emitKeypressEvents } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { ConfigError, InterruptedError, MasgError } from './core/errors.js';
import { sanitizeForDisplay, sanitizeLines } from './output/sanitize.js';

/** A stdin that may be a TTY: `setRawMode` exists only on a tty.ReadStream. */
export type PromptInput = Readable & { isTTY?: boolean; isRaw?: boolean; setRawMode?(mode: boolean): unknown };

export interface Prompter {
  readonly interactive: boolean;
  /** `check` validates the answer: a masg error shows its message and asks again, so a typo costs one line, not the login. */
  text(question: string, opts: { default?: string; instead: string; check?: (answer: string) => string }): Promise<string>;
  /** Hidden input: nothing is echoed, not even asterisks (they would reveal the length). */
  secret(question: string, opts: { instead: string }): Promise<string>;
  confirm(question: string, opts: { default?: boolean; instead: string }): Promise<boolean>;
}

interface Keypress {
  name?: string;
  ctrl?: boolean;
  meta?: boolean;
}

/** `isTTY` is decided by the caller (usually stdin and stderr both terminals). */
export function createPrompter(io: { stdin: PromptInput; stderr: Writable; isTTY: boolean }): Prompter {
  const { stdin, stderr, isTTY } = io;

  function requireTerminal(question: string, instead: string): void {
    if (!isTTY) throw new ConfigError(`Cannot prompt for "${question}" (not a terminal): ${instead}.`);
  }

  function ask(prompt: string, question: string): Promise<string> {
    const rl = createInterface({ input: stdin, output: stderr, terminal: true });
    return new Promise((resolve, reject) => {
      let answered = false;
      // Without a SIGINT listener readline just pauses on Ctrl-C and the promise would hang.
      rl.on('SIGINT', () => {
        answered = true;
        rl.close();
        stderr.write('\n');
        reject(new InterruptedError());
      });
      rl.on('close', () => {
        if (!answered) reject(new ConfigError(`Input ended before "${question}" was answered.`));
      });
      rl.question(prompt, (answer) => {
        answered = true;
        rl.close();
        resolve(answer.trim());
      });
    });
  }

  return {
    interactive: isTTY,

    async text(question, opts) {
      requireTerminal(question, opts.instead);
      const shown = opts.default ? ` [${opts.default}]` : '';
      for (;;) {
        const raw = await ask(`${question}${shown}: `, question);
        const answer = raw === '' ? (opts.default ?? '') : raw;
        if (!opts.check) return answer;
        try {
          return opts.check(answer);
        } catch (err) {
          if (!(err instanceof MasgError)) throw err;
          stderr.write(`masg: ${sanitizeForDisplay(err.message)}\n${err.hint ? `${sanitizeLines(err.hint).replace(/^/gm, '  ')}\n` : ''}`);
        }
      }
    },

    async secret(question, opts) {
      requireTerminal(question, opts.instead);
      if (typeof stdin.setRawMode !== 'function') {
        throw new ConfigError(`Cannot hide input for "${question}" on this terminal: ${opts.instead}.`);
      }
      return readHidden(stdin, stderr, `${question}: `, question);
    },

    async confirm(question, opts) {
      // A confirmation is a whole sentence: the refusal names the way out, `instead` what would have been confirmed.
      if (!isTTY) throw new ConfigError(`Confirmation needed, and there is no terminal to ask on: ${opts.instead}.`);
      const def = opts.default ?? false;
      for (;;) {
        const answer = (await ask(`${question} ${def ? '[Y/n]' : '[y/N]'} `, question)).toLowerCase();
        if (answer === '') return def;
        if (answer === 'y' || answer === 'yes') return true;
        if (answer === 'n' || answer === 'no') return false;
        stderr.write('Please answer y or n.\n');
      }
    },
  };
}

/** Raw-mode read with no echo (readline echoes every key it edits); Backspace removes a whole emoji, Ctrl-U clears. */
function readHidden(stdin: PromptInput, stderr: Writable, prompt: string, question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const wasRaw = stdin.isRaw === true;
    let chars: string[] = [];
    emitKeypressEvents(stdin);
    stdin.setRawMode!(true);
    stdin.resume();
    stderr.write(prompt);

    const finish = () => {
      stdin.off('keypress', onKey);
      stdin.off('end', onEnd);
      stdin.setRawMode!(wasRaw);
      stdin.pause();
      // The user's Enter was swallowed with the rest of the input: end the prompt line ourselves.
      stderr.write('\n');
    };
    const onEnd = () => {
      finish();
      reject(new ConfigError(`Input ended before "${question}" was entered.`));
    };
    const onKey = (str: string | undefined, key: Keypress | undefined) => {
      const name = key?.name;
      if (key?.ctrl && name === 'c') {
        finish();
        reject(new InterruptedError());
      } else if (name === 'return' || name === 'enter' || (key?.ctrl && name === 'd')) {
        finish();
        resolve(chars.join(''));
      } else if (name === 'backspace') {
        chars.pop();
      } else if (key?.ctrl && name === 'u') {
        chars = [];
        // eslint-disable-next-line no-control-regex -- control keys typed at the prompt are what this keeps out
      } else if (str !== undefined && !key?.ctrl && !key?.meta && !/[\u0000-\u001f\u007f]/.test(str)) {
        // Array.from splits by code point, so Backspace later removes a whole astral character.
        chars.push(...Array.from(str));
      }
    };
    stdin.on('keypress', onKey);
    stdin.on('end', onEnd);
  });
}
