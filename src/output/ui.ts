// Everything that is not data (messages, errors, spinner, progress) goes to stderr: stdout carries data only.

import { describeError } from './describe-error.js';
import { sanitizeLines, terminalView } from './sanitize.js';
import { wrapText } from './wrap.js';
import type { OutStream, OutputFormat } from './types.js';

export interface UiOptions {
  stdout: OutStream;
  stderr: OutStream;
  stderrIsTTY: boolean;
  color: boolean;
  quiet: boolean;
  format: OutputFormat;
  width?: number;
  /** Delay before a spinner appears, so fast calls never flash one (default 300 ms). */
  spinnerDelayMs?: number;
}

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

export interface Ui {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  /** Chatter ("Created publication 123."): silenced by --quiet and by machine formats. */
  info(message: string): void;
  /** Worth knowing though not a problem: silenced by --quiet only. */
  notice(message: string): void;
  warn(message: string): void;
  /** The final word on a failed command; the exit code is src/cli.ts's business. */
  error(error: unknown): void;
  spinner(text: string): Spinner;
  /** "label done/total" on a terminal; cleared when done reaches total. */
  progress(done: number, total: number, label?: string): void;
  /** One wait for the service; call the result when it ends. A spinner shows while any is open, unless a progress line does. */
  waiting(): () => void;
}

interface Waitable {
  request(...args: never[]): Promise<unknown>;
  stream(...args: never[]): Promise<unknown>;
}

/** The client with every request, and every stream until its answer starts, shown through `ui.waiting()`. */
export function withWaitIndicator<C extends Waitable>(client: C, ui: Pick<Ui, 'waiting'>): C {
  const watch =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const done = ui.waiting();
      try {
        return await call(...args);
      } finally {
        done();
      }
    };
  // The transport's client is a plain object of closures: the copy keeps every other member (close…) as its own.
  return { ...client, request: watch(client.request.bind(client)), stream: watch(client.stream.bind(client)) };
}

const NO_SPINNER: Spinner = { update() {}, stop() {} };

// Messages may quote server text: sanitized line by line, so a hint's own line breaks survive.
const clean = sanitizeLines;

/** A spinner after a short delay, on a terminal only; `slot` holds the one on screen. */
function openSpinner(opts: UiOptions, slot: { active?: Spinner }, text: string): Spinner {
  slot.active?.stop();
  // ora divides by the stream's width: a pty never sized (0 columns) would clear Infinity lines every frame.
  if (!opts.stderrIsTTY || opts.quiet || (opts.stderr as { columns?: number }).columns === 0) return NO_SPINNER;
  let current = text;
  let stopped = false;
  let ora: { text: string; stop(): unknown } | undefined;
  const timer = setTimeout(() => {
    import('ora')
      .then(({ default: createOra }) => {
        if (stopped) return;
        ora = createOra({
          text: clean(current),
          stream: opts.stderr,
          isEnabled: true,
          // ora would otherwise take over process.stdin, which a prompt may need.
          discardStdin: false,
          color: opts.color ? 'cyan' : false,
        }).start();
      })
      .catch(() => {}); // a spinner that cannot load is not worth failing a command for
  }, opts.spinnerDelayMs ?? 300);
  timer.unref();
  const handle: Spinner = {
    update(t) {
      current = t;
      if (ora) ora.text = clean(t);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      ora?.stop();
      ora = undefined;
      if (slot.active === handle) slot.active = undefined;
    },
  };
  slot.active = handle;
  return handle;
}

export function createUi(opts: UiOptions): Ui {
  const { stderr, quiet, format } = opts;
  const machine = format !== 'table';
  // Plain SGR codes rather than chalk: an error path should not wait on loading a module.
  const paint = (code: number, text: string) => (opts.color ? `\u001b[${code}m${text}\u001b[39;22m` : text);
  /** The one spinner on screen: a new one replaces it. */
  const slot: { active?: Spinner } = {};
  let progressSpinner: Spinner | undefined;
  let waits = 0;
  let waitSpinner: Spinner | undefined;

  // While a spinner runs, ora intercepts writes to its stream: it clears its line, lets the text through, redraws below.
  const line = (text: string) => void stderr.write(text + '\n');
  // Wrapped before painting, so colour codes never count as columns; continuations are indented.
  const fit = (text: string) => (opts.width === undefined ? text : wrapText(text, opts.width, 2));
  const hintFit = (text: string) => (opts.width === undefined ? text : wrapText(text, opts.width));
  const prefixed = (prefix: string, code: number, text: string) => paint(code, prefix) + fit(`${prefix} ${text}`).slice(prefix.length);

  const spinner = (text: string): Spinner => openSpinner(opts, slot, text);

  return {
    stdout: opts.stdout,
    stderr,
    info(message) {
      if (!quiet && !machine) line(fit(clean(message)));
    },
    notice(message) {
      if (!quiet) line(fit(clean(message)));
    },
    warn(message) {
      line(prefixed('masg: warning:', 33, clean(message)));
    },
    error(error) {
      slot.active?.stop();
      if (format === 'json' || format === 'ndjson') {
        // JSON escapes C0 controls but not C1 (U+009B is a CSI) nor bidi ones: on a terminal they show as \uXXXX.
        stderr.write(terminalView({ isTTY: opts.stderrIsTTY })(JSON.stringify({ error: describeError(error) })) + '\n');
        return;
      }
      const e = describeError(error);
      line(prefixed('masg:', 31, clean(e.message)));
      if (e.hint) line(paint(2, hintFit(clean(e.hint).replace(/^/gm, '  '))));
    },
    spinner,
    progress(done, total, label = 'Working') {
      if (!opts.stderrIsTTY || quiet) return;
      const text = `${label} ${done}/${total}`;
      if (done >= total) {
        progressSpinner?.stop();
        progressSpinner = undefined;
      } else if (progressSpinner) progressSpinner.update(text);
      else {
        // The progress line says more than "waiting": it takes the spinner's place.
        waitSpinner?.stop();
        waitSpinner = undefined;
        progressSpinner = spinner(text);
      }
    },
    waiting() {
      let open = true;
      if (waits++ === 0 && !progressSpinner) waitSpinner = spinner('Waiting for the service…');
      return () => {
        if (!open) return;
        open = false;
        if (--waits > 0) return;
        waitSpinner?.stop();
        waitSpinner = undefined;
      };
    },
  };
}
