// `masg login`: gather e-mail, base URL and key, prove them with one request, then save. The
// key never comes from a flag (it would show in `ps` and shell history): a hidden prompt, or a
// pipe with --key-stdin for scripts.
import type { Readable } from 'node:stream';
import { AuthError, UsageError } from '../../core/errors.js';
import type { Prompter } from '../../prompt.js';
import { checkBaseUrl } from '../../config/base-url.js';
import { checkEmail, checkProfileName, checkTimezone } from '../../config/checks.js';
import type { ProfileStore } from '../../config/store.js';

/** What a login needs once its flags and the global options are resolved. */
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
  /**
   * One authenticated call; throws (AuthError, NetworkError…) when the credentials do not work.
   * Resolves false when it only described the call (--dry-run): then nothing is saved.
   */
  verify: (credentials: Credentials) => Promise<void | false>;
  /** The default offered for the time zone when the profile has none (this machine's zone). */
  systemZone?: string;
}

export interface LoginResult {
  profile: string;
  email: string;
  baseUrl: string;
  timezone: string;
  path: string;
  /** A profile of that name existed and was overwritten. */
  replaced: boolean;
  warnings: string[];
  /** Where the key was saved, in words (the keyring, or the config file). */
  keyLocation: string;
  inKeyring: boolean;
  /** E.g. the keyring could not be used and the key went to the file, and why. */
  notices: string[];
}

/** The profile as saved, or undefined when the verification was only described (--dry-run). */
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

  // Flag first (checked, exit 2 when wrong); then, on a terminal, ask with the stored value as
  // the default and ask again after a wrong answer; without one, re-use the stored value
  // (re-login to rotate a key), else fail naming the flag.
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
  // The account's zone: the service counts its hours in it, and no endpoint says which it is.
  // A profile always has one: --timezone, else asked on a terminal (the stored one, else this
  // machine's, offered as the default), else the stored one (re-login to rotate a key); with
  // none of these the prompter refuses (exit 3) naming --timezone.
  const timezone =
    opts.timezone !== undefined
      ? checkTimezone(opts.timezone)
      : !prompt.interactive && existing?.timezone
        ? checkTimezone(existing.timezone, `timezone of profile "${profile}"`)
        : await prompt.text("The account's time zone (IANA, e.g. America/New_York)", {
            default: existing?.timezone ?? deps.systemZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
            instead: "pass --timezone <zone>, the account's IANA time zone (e.g. America/New_York)",
            check: (answer) => checkTimezone(answer, 'Time zone'),
          });
  // Asked last: a non-interactive run missing --email fails before anything is read from stdin.
  const key = opts.keyStdin
    ? parseStdinKey(await readAll(deps.stdin))
    : nonEmptyKey(await prompt.secret('Developer key', { instead: 'pipe it to `masg login --key-stdin`' }), 'developer key');

  // Verified before saving: a rejected key propagates (AuthError, exit 4) and nothing is written,
  // so a typo never replaces working credentials.
  const verified = await deps.verify({ email, key, baseUrl }).catch((err: unknown) => {
    // The general hint (`masg whoami`, then `masg login`) points at the stored credentials,
    // which are not the ones that failed here.
    if (err instanceof AuthError) {
      err.hint = `Nothing was saved${existing ? ` (profile "${profile}" keeps its previous credentials)` : ''}. Check the e-mail and the developer key, then run \`masg login\` again.`;
    }
    throw err;
  });
  if (verified === false) return undefined;
  await store.set(profile, { email, key, baseUrl, timezone });

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
