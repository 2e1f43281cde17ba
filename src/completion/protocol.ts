// A `__complete` answer's text. Values may come from the service: one with a control or bidi
// character is not offered (it breaks the lines, or shows a word that is not what runs).
import { hasUnsafeCharacters, sanitizeForDisplay } from '../output/sanitize.js';
import type { Candidate } from './query.js';

export function offerable(value: string): boolean {
  return value !== '' && !hasUnsafeCharacters(value);
}

export function cleanDescription(text: string): string {
  // One test instead of four replaces: a cold Tab on 50,000 publications cleans every name.
  const safe = hasUnsafeCharacters(text) ? sanitizeForDisplay(text) : text;
  return (safe.includes('  ') ? safe.replace(/ {2,}/g, ' ') : safe).trim();
}

export function formatAnswer(candidates: Candidate[], directives: string[]): string {
  let text = '';
  for (const c of candidates) {
    if (!offerable(c.value)) continue;
    const description = c.description === undefined ? '' : cleanDescription(c.description);
    text += description ? `${c.value}\t${description}\n` : `${c.value}\n`;
  }
  return `${text}:${directives.join(',')}\n`;
}
