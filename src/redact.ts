// The one redaction path: everything that may reach a terminal or a log (debug lines, dry-run
// descriptions, error messages) goes through a Redactor built from the secrets of the session.

export const REDACTED = '[REDACTED]';

export type Redactor = (text: string) => string;

/** Base64 of `email:key`, exactly as it appears after "Basic " in the Authorization header. */
export function basicCredentials(email: string, key: string): string {
  return Buffer.from(`${email}:${key}`, 'utf8').toString('base64');
}

/**
 * Every form in which the developer key can leak: the key itself, its URL-encoded form, the
 * base64 of `email:key` and the whole header value. (The e-mail alone is not a secret.)
 */
export function secretsFor(email: string, key: string): string[] {
  if (key === '') return [];
  const token = basicCredentials(email, key);
  return [key, encodeURIComponent(key), token, `Basic ${token}`];
}

/** A function that replaces each known secret in a string with [REDACTED]. */
export function createRedactor(secrets: Iterable<string>): Redactor {
  // Longest first, so the header value is replaced whole instead of leaving "Basic [REDACTED]"
  // half-matched by a shorter secret inside it; empty strings would match everywhere.
  const list = [...new Set(secrets)].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  if (list.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const secret of list) out = out.split(secret).join(REDACTED);
    return out;
  };
}

/** Headers safe to show: Authorization (and proxy credentials) hidden, other values redacted. */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
  redact: Redactor = (text) => text,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    out[name] =
      lower === 'authorization' || lower === 'proxy-authorization'
        ? REDACTED
        : redact(Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}

/** Alias used by the context: `redactor(ctx.secrets)`. */
export const redactor = createRedactor;
