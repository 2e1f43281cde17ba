// Production's JSON: compact, `/` escaped as `\/`, and really ISO-8859-1 — a character Latin-1
// cannot hold (one code point, even outside the BMP) becomes a single "?". No nulls anywhere.

import type { Field, StatsNode } from './fields.js';

// eslint-disable-next-line no-control-regex -- \u0000 is just the lower bound of the Latin-1 range
const NOT_LATIN1 = /[^\u0000-\u00ff]/gu;
const PLAIN = /^[\w .:@+-]*$/;

export function jsonString(s: string): string {
  // Fast path for keys, IDs and amounts, which reports repeat hundreds of thousands of times.
  if (PLAIN.test(s)) return `"${s}"`;
  return JSON.stringify(s.replace(NOT_LATIN1, '?')).replace(/\//g, '\\/');
}

export function fieldsJson(fields: Field[]): string {
  const parts: string[] = [];
  for (const f of fields) {
    if ('group' in f) {
      parts.push(`${jsonString(f.key)}:${fieldsJson(f.group)}`);
      continue;
    }
    if (f.xmlOnly || (f.omitEmptyInJson && f.value === '')) continue;
    const v = f.kind === 'str' ? jsonString(f.value) : f.value;
    parts.push(`${jsonString(f.key)}:${v}`);
  }
  return `{${parts.join(',')}}`;
}

/** Keyed by ID or country; a node holding one uncountried row is just that row's object. */
export function statsNodeJson(node: StatsNode): string {
  if (node.children) return `{${node.children.map((c) => `${jsonString(c.id)}:${statsNodeJson(c)}`).join(',')}}`;
  const rows = node.rows ?? [];
  if (rows.length === 1 && rows[0].country === undefined) return fieldsJson(rows[0].fields);
  return `{${rows.map((r) => `${jsonString(r.country ?? '')}:${fieldsJson(r.fields)}`).join(',')}}`;
}
