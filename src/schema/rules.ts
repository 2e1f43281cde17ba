// Field rules shared by flags and bulk CSV rows: each returns the value as sent or throws a UsageError naming the field.
import { didYouMean } from '../core/closest.js';
import { UsageError } from '../core/errors.js';
import { ISO_639_1 } from './iso639.js';

/** How a field is named in messages: `--name` on the command line, `name (line 4)` in a CSV. */
export type Label = (field: string) => string;

export const flagLabel: Label = (field) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function fail(label: string, why: string, hint?: string): never {
  throw new UsageError(`${label}: ${why}`, { field: label, hint });
}

/** Length in code points, as the service's database counts; production does not check and may truncate silently. */
export function text(label: string, value: string, max: number, opts: { required?: boolean } = {}): string {
  if (opts.required && value.trim() === '') fail(label, 'must not be empty');
  const length = [...value].length;
  if (length > max) fail(label, `is ${length} characters long; the limit is ${max}`);
  return value;
}

/** Digits only: the spec forbids formatting or punctuation ("1,000", "1e3", "-5" are refused). */
export function digits(label: string, value: string): string {
  if (!/^[0-9]+$/.test(value)) fail(label, `must be a whole number written with digits only, got "${value}"`);
  return value;
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE = new Set(['false', 'no', 'n', '0', 'off']);

export function bool(label: string, value: string): 'true' | 'false' {
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return 'true';
  if (FALSE.has(v)) return 'false';
  return fail(label, `must be true or false, got "${value}"`);
}

export function oneOf<T extends string>(label: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
  if (!found) fail(label, `"${value}" is not one of ${allowed.join(', ')}`, didYouMean(value, allowed) || undefined);
  return found;
}

/** Comma-separated list: the service splits on "," without trimming, so items are trimmed here, empties refused, duplicates dropped. */
export function list(label: string, value: string, check: (item: string, index: number) => string): string {
  if (value.trim() === '') return '';
  const items = value.split(',').map((s) => s.trim());
  items.forEach((item, i) => {
    if (item === '') fail(label, `item ${i + 1} of "${value}" is empty`);
  });
  return [...new Set(items.map(check))].join(',');
}

export function languages(label: string, value: string): string {
  return list(label, value, (item) => {
    const code = item.toLowerCase();
    if (!ISO_639_1.has(code)) fail(label, `"${item}" is not an ISO 639-1 two-letter language code (e.g. en, es, de)`);
    return code;
  });
}

export function url(label: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return fail(label, `"${value}" is not a URL`, 'Write it in full, e.g. https://m.example.com/');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') fail(label, `must be an http(s) URL, got "${value}"`);
  return value;
}

/** Every missing required field in one error: a person should not learn them one run at a time. */
export function requireAll(raw: Record<string, string | undefined>, fields: readonly string[], label: Label): void {
  const missing = fields.filter((f) => raw[f] === undefined).map(label);
  if (missing.length === 0) return;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  throw new UsageError(`${list} ${missing.length === 1 ? 'is' : 'are'} required`, { field: missing[0] });
}

/** Opaque IDs: anything non-blank without whitespace or control characters (they go into paths). */
export function id(label: string, value: string): string {
  if (value === '' || /[\s\p{Cc}]/u.test(value)) fail(label, `"${value}" is not a valid ID`);
  return value;
}
