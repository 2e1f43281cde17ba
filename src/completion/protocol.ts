// The text of a `masg __complete` answer (protocol in src/completion/complete.ts): one line per
// candidate, `value<TAB>description`, then the directive line. Values and descriptions may come
// from the service (live IDs and names), so this is where hostile text is stopped:
// - a value holding a control or bidi character is not offered at all. A tab or newline would
//   break the line protocol, and an ESC, C1 or direction override would put a word on the
//   command line that does not look like what runs when Enter is pressed: no quoting makes a word
//   you cannot see safe to accept. (Shell metacharacters are not stopped here: each shell script
//   quotes the value it inserts, so `$(touch x)` becomes one literal word.)
// - a description is for reading only: escape sequences and control characters are removed
//   by the same sanitizer as table cells (src/output/sanitize.ts), tabs and newlines become spaces.
import { hasUnsafeCharacters, sanitizeForDisplay } from '../output/sanitize.js';
import type { Candidate } from './query.js';

export function offerable(value: string): boolean {
  return value !== '' && !hasUnsafeCharacters(value);
}

export function cleanDescription(text: string): string {
  // Most names hold nothing to remove: one test instead of four replaces (a cold Tab on 50,000
  // publications cleans 50,000 names while the shell waits).
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
