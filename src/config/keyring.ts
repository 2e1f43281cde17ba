// The OS keyring: on Linux `secret-tool`, the key on stdin, never in argv where `ps` shows it (macOS's `security` takes
// it only as an argument, so there it stays in the file). Any failure is a KeyringUnavailable: "kept in the file, because …".
import { spawn } from 'node:child_process';

/** The secrets a profile may keep in the keyring: the developer key and `masg pulse --notify`'s webhook URL. */
export type SecretKind = 'key' | 'notify-url';

export interface Keyring {
  readonly description: string;
  get(profile: string, secret?: SecretKind): Promise<string | undefined>;
  set(profile: string, value: string, secret?: SecretKind): Promise<void>;
  delete(profile: string, secret?: SecretKind): Promise<boolean>;
}

/**
 * Each secret its own `service` attribute: secret-tool's lookup matches every item holding the
 * given attributes, so an extra attribute on the URL's item would let a lookup of the key find it.
 */
export const KEYRING_SERVICE: Readonly<Record<SecretKind, string>> = { key: 'masg', 'notify-url': 'masg-notify-url' };

const LABEL: Readonly<Record<SecretKind, string>> = { key: 'masg developer key', 'notify-url': 'masg pulse webhook URL' };

export class KeyringUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`the system keyring is not available: ${reason}`);
  }
}

export interface KeyringOptions {
  env: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  /** Each tool call; a locked keyring may try to prompt on a display nobody is looking at. */
  timeoutMs?: number;
  /** Keeps keys of different config dirs (another MASG_CONFIG_DIR, a test) apart. */
  scope: string;
}

export function systemKeyring(opts: KeyringOptions): { keyring?: Keyring; why?: string } {
  const flag = opts.env.MASG_KEYRING?.trim().toLowerCase();
  if (flag === '0' || flag === 'false' || flag === 'no' || flag === 'off') return { why: 'MASG_KEYRING=0' };
  if ((opts.platform ?? process.platform) !== 'linux') return { why: 'masg uses the system keyring on Linux only' };
  return { keyring: secretTool(opts) };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** libsecret's command-line tool. Attributes: service=masg (masg-notify-url), account=<profile>, scope=<config dir>. */
export function secretTool(opts: KeyringOptions): Keyring {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const attributes = (profile: string, secret: SecretKind = 'key') => [
    'service',
    KEYRING_SERVICE[secret],
    'account',
    profile,
    'scope',
    opts.scope,
  ];

  function run(args: string[], input?: string): Promise<Run> {
    return new Promise((resolve, reject) => {
      // The injected environment: its PATH finds the tool, its DBUS_SESSION_BUS_ADDRESS the keyring.
      const child = spawn('secret-tool', args, { env: opts.env, stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.on('data', (c: Buffer) => err.push(c));
      child.on('error', (e: NodeJS.ErrnoException) =>
        reject(new KeyringUnavailable(e.code === 'ENOENT' ? 'secret-tool is not installed (package libsecret-tools)' : e.message)),
      );
      child.on('close', (code, signal) => {
        if (signal)
          return reject(
            new KeyringUnavailable(`secret-tool did not answer within ${timeoutMs / 1000} s (a locked keyring waiting for a password?)`),
          );
        resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8').trim() });
      });
      // EPIPE when the tool exits before reading: its exit status tells the story.
      child.stdin.on('error', () => undefined);
      child.stdin.end(input ?? '');
    });
  }

  const failed = (r: Run) => new KeyringUnavailable(r.stderr.replace(/^secret-tool:\s*/, '') || `secret-tool exited with status ${r.code}`);

  return {
    description: 'the system keyring (Secret Service)',
    async get(profile, secret) {
      const r = await run(['lookup', ...attributes(profile, secret)]);
      // "Not found" is a silent exit 1; a real failure (no D-Bus, locked) says something.
      if (r.code === 0) return r.stdout === '' ? undefined : r.stdout;
      if (r.stderr === '') return undefined;
      throw failed(r);
    },
    async set(profile, value, secret = 'key') {
      const r = await run(['store', `--label=${LABEL[secret]} (profile ${profile})`, ...attributes(profile, secret)], value);
      if (r.code !== 0) throw failed(r);
    },
    async delete(profile, secret) {
      const had = (await this.get(profile, secret)) !== undefined;
      const r = await run(['clear', ...attributes(profile, secret)]);
      if (r.code !== 0 && r.stderr !== '') throw failed(r);
      return had;
    },
  };
}
