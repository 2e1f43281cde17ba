// The one check of a figure as the service sends it, shared by `masg sync` (before a value is
// staged) and `masg pulse` (before a value is counted): counts are digits, money has at most two
// decimals (docs/service-notes.md). Anything else ("13,098", "1e3", "∞") is refused, never guessed:
// read as 0 or as 13 it would raise false alerts or store a made-up figure.
import { NetworkError } from '../core/errors.js';

export type FigureKind = 'count' | 'money';

const PATTERN: Record<FigureKind, RegExp> = {
  count: /^\d+$/,
  money: /^-?\d{1,16}(?:\.\d{1,2})?$/,
};

const WHAT: Record<FigureKind, string> = {
  count: 'a whole number',
  money: 'an amount with at most two decimals',
};

export function isFigure(kind: FigureKind, value: string): boolean {
  return PATTERN[kind].test(value);
}

/** Where a value comes from, for the message; a function when building it costs (a day is 200,000 records). */
export type FigureContext = string | (() => string);

/**
 * The error for a value that is not what its field holds (exit 6: the service's data), naming the
 * field and where it came from; `what` is a figure kind or words ("true or false"), `consequence`
 * says what could not be done with it.
 */
export function refusedFigure(what: string, name: string, value: string, context: FigureContext, consequence: string): NetworkError {
  const where = typeof context === 'string' ? context : context();
  const expected = what in WHAT ? WHAT[what as FigureKind] : what;
  // A value may be megabytes long: its beginning is enough to recognise it.
  const shown = value.length > 80 ? `${JSON.stringify(value.slice(0, 80))}… (${value.length} characters)` : JSON.stringify(value);
  return new NetworkError(`The service sent ${shown} as ${name}, which should be ${expected} (${where}): ${consequence}.`);
}

/** `value` itself when it is a `kind`, else the refusal (see refusedFigure). */
export function checkFigure(kind: FigureKind, value: string, name: string, context: FigureContext, consequence: string): string {
  if (!PATTERN[kind].test(value)) throw refusedFigure(kind, name, value, context, consequence);
  return value;
}
