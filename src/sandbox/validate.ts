// Parameter parsing with production's error texts, before authentication as in production.

import { invalid, missing } from './errors.js';
import { LANGUAGES } from './languages.js';

export type Params = Record<string, string>;

/** Production's types plus the spec's: the sandbox accepts both sets (IPAD_APP from production). */
export const PUBLICATION_TYPES = ['MOBILE_SITE', 'IPHONE_APP', 'IPHONE_SITE', 'IPAD_APP', 'ANDROID_APP', 'JAVA_APP', 'OTHER_APP'];
/** Production's full status enum; only ACTIVE, PAUSED and STOPPED are reachable through the API. */
export const PUBLICATION_STATUSES = ['NEW', 'NEW_REVIEW', 'PENDING', 'REJECTED', 'ACTIVE', 'PAUSED', 'STOPPED'];
export const FORMATS = ['banner', 'text', 'iab300x250'];
/** Site types need a URL; the spec makes it optional for application types only. */
export const SITE_TYPES = new Set(['MOBILE_SITE', 'IPHONE_SITE']);

export const NAME_MAX = 255;
export const DESCRIPTION_MAX = 4096;
export const TAG_MAX = 255;

/** Absent (or empty, unless allowBlank) is 1500. */
export function required(p: Params, name: string, allowBlank = false): string {
  const v = p[name];
  if (v === undefined || (v === '' && !allowBlank)) throw missing(name);
  return v;
}

/** Production splits on "," and trims nothing: "banner, text" carries the format " text". */
export function splitList(value: string): string[] {
  return value.split(',');
}

export function parseFormats(value: string): string[] {
  const out: string[] = [];
  for (const f of splitList(value)) {
    if (!FORMATS.includes(f)) throw invalid(`No such format: ${f}`);
    if (!out.includes(f)) out.push(f);
  }
  return out;
}

/** An empty value means "no languages" (production's default). */
export function parseLanguages(value: string): string[] {
  if (value === '') return [];
  const out: string[] = [];
  for (const l of splitList(value)) {
    if (!LANGUAGES.has(l)) throw invalid(`No such language: ${l}`);
    if (!out.includes(l)) out.push(l);
  }
  return out;
}

/** Empty entries are dropped; over-long tags are cut like production's database column does. */
export function parseTags(value: string): string[] {
  return splitList(value)
    .filter((t) => t !== '')
    .map((t) => truncate(t, TAG_MAX));
}

export function parseType(value: string): string {
  if (!PUBLICATION_TYPES.includes(value)) throw invalid(`No such PublicationType: ${value}`);
  return value;
}

/** Java's Enum.valueOf message, as production passes it through. */
export function parseStatus(value: string): string {
  if (!PUBLICATION_STATUSES.includes(value)) throw invalid(`No enum constant com.masg.domain.Publication.Status.${value}`);
  return value;
}

export function parseBoolean(name: string, value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalid(`Invalid boolean value for ${name}: "${value}"`);
}

/** Digits only, as the spec says; the text is Java's NumberFormatException message. */
export function parseCount(value: string): string {
  if (!/^\d+$/.test(value)) throw invalid(`For input string: "${value}"`);
  return value;
}

export function parseLevel(value: string): 'publication' | 'adslot' {
  if (value === 'publication' || value === 'adslot') return value;
  throw invalid(`No such level: ${value}`);
}

/** Production does not check lengths; its database keeps the first N characters (code points). */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const cps = Array.from(value);
  return cps.length <= max ? value : cps.slice(0, max).join('');
}

/** Empty means "not given". */
export function optional(p: Params, name: string): string | undefined {
  const v = p[name];
  return v === undefined || v === '' ? undefined : v;
}
