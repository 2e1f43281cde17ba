// JSON parsed with no value going through a JS number (JSON.parse rounds 9007199254740993): Node 20
// gives a reviver no source text, so numbers are quoted in the text first.

export type JsonValue = string | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

export function quoteNumbers(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (match === null) return text; // not JSON: let JSON.parse report it
      out += `"${match[0]}"`;
      i += match[0].length;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

export function parseJson(text: string): JsonValue {
  return JSON.parse(quoteNumbers(text)) as JsonValue;
}

/** Null or objects as ''. */
export function jsonScalar(value: JsonValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return '';
}

export function isJsonObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
