// `masg login`: gather, verify with one request, save. The key never comes from a flag (it would
// show in `ps` and shell history).
import type { Readable } from 'node:stream';
import { AuthError, UsageError } from '../../core/errors.js';
import type { Prompter } from '../../prompt.js';
import { checkBaseUrl } from '../../config/base-url.js';
import { checkEmail, checkProfileName, checkTimezone } from '../../config/checks.js';
import type { Profile, ProfileStore } from '../../config/store.js';

export interface LoginRequest {
  profile: string;
  email?: string;
  baseUrl?: string;
  keyStdin: boolean;
  timezone?: string;
}

export interface Credentials {
  email: string;
  key: string;
  baseUrl: string;
}

export interface LoginDeps {
  store: ProfileStore;
  prompt: Prompter;
  stdin: Readable & { isTTY?: boolean };
  /** Throws when the credentials do not work; false under --dry-run (nothing is saved). */
  verify: (credentials: Credentials) => Promise<void | false>;
}

export interface LoginResult {
  profile: string;
  email: string;
  baseUrl: string;
  timezone: string;
  path: string;
  replaced: boolean;
  warnings: string[];
  keyLocation: string;
  inKeyring: boolean;
  notices: string[];
}

export async function login(opts: LoginRequest, deps: LoginDeps): Promise<LoginResult | undefined> {
  const { store, prompt } = deps;
  const profile = checkProfileName(opts.profile);
  const existing = await store.get(profile);
  if (opts.keyStdin && deps.stdin.isTTY) {
    // Typed into a terminal without raw mode, the key would be echoed on screen.
    throw new UsageError('--key-stdin reads the key from a pipe, but stdin is a terminal.', {
      field: '--key-stdin',
      hint: 'Leave out --key-stdin to type the key at a hidden prompt, or pipe it: `printf %s "$KEY" | masg login --key-stdin`.',
    });
  }

  // Flag, else a prompt defaulting to the stored value, else the stored value (re-login to rotate
  // a key), else fail naming the flag.
  const ask = async (
    flag: string | undefined,
    stored: string | undefined,
    question: string,
    instead: string,
    check: (value: string, field?: string) => string,
    field: string,
  ) => {
    if (flag !== undefined) return check(flag, field);
    if (prompt.interactive || stored === undefined)
      return prompt.text(question, { default: stored, instead, check: (answer) => check(answer, question) });
    return check(stored, field);
  };

  const email = await ask(opts.email, existing?.email, 'E-mail', 'pass --email <address>', checkEmail, '--email');
  const baseUrl = await ask(opts.baseUrl, existing?.baseUrl, 'Base URL', 'pass --base-url <url>', checkBaseUrl, '--base-url');
  // The service counts hours in the account's zone and no endpoint says which: a profile always has
  // one, and it never comes from the host (Enter on the host's zone saved UTC for a New York account).
  const timezone =
    opts.timezone !== undefined
      ? checkTimezone(opts.timezone)
      : !prompt.interactive && existing?.timezone
        ? checkTimezone(existing.timezone, `timezone of profile "${profile}"`)
        : await prompt.text("The account's time zone (IANA, e.g. America/New_York)", {
            default: existing?.timezone,
            instead: "pass --timezone <zone>, the account's IANA time zone (e.g. America/New_York)",
            check: (answer) => {
              if (answer === '') throw new UsageError('Time zone: the account has one, and masg cannot tell which.', { hint: ZONE_HINT });
              return checkTimezone(answer, 'Time zone');
            },
          });
  // Asked last: a non-interactive run missing --email fails before anything is read from stdin.
  const key = opts.keyStdin
    ? parseStdinKey(await readAll(deps.stdin))
    : nonEmptyKey(
        await prompt.secret('Developer key', { instead: `pipe it in: \`${keyStdinCommand(profile, { email, baseUrl, timezone })}\`` }),
        'developer key',
      );

  // Verified before saving, so a typo never replaces working credentials.
  const verified = await deps.verify({ email, key, baseUrl }).catch((err: unknown) => {
    // The general hint points at the stored credentials, which are not the ones that failed.
    if (err instanceof AuthError) {
      err.hint = `Nothing was saved${existing ? ` (profile "${profile}" keeps its previous credentials)` : ''}. Check the e-mail and the developer key, then run \`masg login\` again.`;
    }
    throw err;
  });
  if (verified === false) return undefined;
  await store.set(profile, { email, key, baseUrl, timezone, ...keptWebhook(existing) });

  const warning = await store.checkPermissions();
  const notices = store.drainNotices?.() ?? [];
  const saved = await store.get(profile); // keyLocation answers for the profile as now saved
  return {
    profile,
    email,
    baseUrl,
    timezone,
    path: store.path,
    replaced: existing !== undefined,
    warnings: warning ? [warning] : [],
    keyLocation: store.keyLocation(profile),
    inKeyring: saved?.keyring === true,
    notices,
  };
}

/** A new login replaces the credentials, never the profile's webhook (`masg notify-url set`). */
const keptWebhook = (p: Profile | undefined) => p && { notifyUrl: p.notifyUrl, notifyUrlKeyring: p.notifyUrlKeyring };

/**
 * The login to paste where no prompt can hide the key: every answer given so far on its line (they
 * may have come from flags, the environment or the profile), the key from a variable, never shown.
 */
export function keyStdinCommand(profile: string, given: { email: string; baseUrl: string; timezone: string }): string {
  const profileFlag = profile === 'default' ? '' : ` --profile ${shellWord(profile)}`;
  const flags = `--email ${shellWord(given.email)} --base-url ${shellWord(given.baseUrl)} --timezone ${shellWord(given.timezone)}`;
  return `printf %s "$MASG_DEVELOPER_KEY" | masg${profileFlag} login ${flags} --key-stdin`;
}

function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

const ZONE_HINT = "Type the zone the account's statistics are counted in, as set in the service (e.g. America/New_York, UTC).";

/** `echo "$KEY" |` adds a newline, `printf %s` does not: remove exactly one (LF or CRLF). */
export function parseStdinKey(input: string): string {
  const key = input.replace(/\r?\n$/, '');
  if (/[\r\n]/.test(key)) {
    throw new UsageError('--key-stdin expects the key on a single line.', { field: '--key-stdin' });
  }
  return nonEmptyKey(key, '--key-stdin');
}

function nonEmptyKey(key: string, field: string): string {
  if (key === '') throw new UsageError('The developer key is empty.', { field });
  return key;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
