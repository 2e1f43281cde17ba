// Production's XML: one tag per line, no indentation; above U+007F a decimal reference per UTF-16
// unit (two surrogate references outside the BMP); control characters raw.

import type { Field, StatsNode } from './fields.js';

const SPECIAL = /[&<>\u0080-\uffff]/g;
const HAS_SPECIAL = /[&<>\u0080-\uffff]/;

export function escapeXml(s: string): string {
  // Fast path: most values (IDs, counts, amounts) need nothing, and reports have millions.
  if (!HAS_SPECIAL.test(s)) return s;
  return s.replace(SPECIAL, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : `&#${c.charCodeAt(0)};`));
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function fieldsXml(fields: Field[]): string {
  let out = '';
  for (const f of fields) {
    if ('group' in f) out += `<${f.key}>\n${fieldsXml(f.group)}</${f.key}>\n`;
    else if (f.value === '') out += f.empty === 'pair' ? `<${f.key}></${f.key}>\n` : `<${f.key}/>\n`;
    else out += `<${f.key}>${f.kind === 'int' ? f.value : escapeXml(f.value)}</${f.key}>\n`;
  }
  return out;
}

export function elementXml(tag: string, fields: Field[]): string {
  return `<${tag}>\n${fieldsXml(fields)}</${tag}>\n`;
}

export function statsNodeXml(node: StatsNode): string {
  let out = `<${node.tag}>\n<id>${escapeXml(node.id)}</id>\n`;
  for (const child of node.children ?? []) out += statsNodeXml(child);
  for (const row of node.rows ?? []) {
    out += '<statistics>\n';
    if (row.country !== undefined) out += `<country>${escapeXml(row.country)}</country>\n`;
    out += `${fieldsXml(row.fields)}</statistics>\n`;
  }
  return `${out}</${node.tag}>\n`;
}
