// The bearer tokens of `masg mcp --http`: one per person or agent, each with its accounts, its
// scope and an expiry. Only the SHA-256 of a token is kept (mcp-tokens.json, 0600, in the private
// config folder), so the file gives nobody a token; the token itself is printed once, at create.
// The server reads the file once at every request, so a revoke takes effect at the next one.
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError, UsageError } from '../core/errors.js';
import { MCP_TOKEN_PREFIX } from '../core/redact.js';
import { readIfExists, withFileLock } from '../core/file-lock.js';
import { ensurePrivateDir } from './private-dir.js';

const TOKENS_FILE = 'mcp-tokens.json';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface McpToken {
  name: string;
  /** hex SHA-256 of the token: a token has 256 random bits, so a plain hash cannot be reversed. */
  sha256: string;
  /** Profile names, or '*' for every profile of the server. */
  accounts: string[] | '*';
  readOnly: boolean;
  created: string;
  /** ISO instant, or null: never expires. */
  expires: string | null;
  lastUsed: string | null;
}

interface TokenFile {
  version: 1;
  tokens: McpToken[];
}

export function tokensPath(configDir: string): string {
  return join(configDir, TOKENS_FILE);
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Every token of the store (none when the file does not exist). */
export async function readTokens(configDir: string): Promise<McpToken[]> {
  return parse(await readIfExists(tokensPath(configDir)), tokensPath(configDir)).tokens;
}

function parse(text: string | undefined, path: string): TokenFile {
  if (text === undefined || text.trim() === '') return { version: 1, tokens: [] };
  try {
    const file = JSON.parse(text) as TokenFile;
    if (file.version !== 1 || !Array.isArray(file.tokens)) throw new Error('not a masg token file');
    return file;
  } catch (err) {
    throw new ConfigError(`${path} is not a valid token file: ${(err as Error).message}.`, {
      hint: `Fix or remove ${path}, then create the tokens again (masg mcp token create NAME).`,
    });
  }
}

async function change<T>(configDir: string, fn: (file: TokenFile) => T): Promise<T> {
  await ensurePrivateDir(configDir);
  const path = tokensPath(configDir);
  return withFileLock(path, async (locked) => {
    const file = parse(await locked.read(), path);
    const result = fn(file);
    await locked.write(`${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    return result;
  });
}

export function checkTokenName(name: string | undefined): string {
  if (name === undefined || !NAME.test(name))
    throw new UsageError(`NAME: "${name ?? ''}" is not a token name: use 1-64 letters, digits, '.', '_' or '-'.`, {
      field: 'NAME',
      hint: 'e.g. masg mcp token create alice --profile acme',
    });
  return name;
}

/** "30d", "12h", "90m": a duration in milliseconds. */
export function parseExpiry(text: string): number {
  const m = /^(\d{1,5})([dhm])$/.exec(text.trim());
  const ms = m ? Number(m[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm'] : 0;
  if (ms <= 0)
    throw new UsageError(`--expires: "${text}" is not a duration: use a number of days, hours or minutes, e.g. 30d, 12h or 90m.`, {
      field: '--expires',
    });
  return ms;
}

export interface NewToken {
  name: string;
  accounts: string[] | '*';
  readOnly: boolean;
  expiresInMs?: number;
}

/** Makes a token and keeps its hash; returns the token, the only time it exists outside the caller. */
export async function createToken(configDir: string, spec: NewToken, now = new Date()): Promise<{ token: string; entry: McpToken }> {
  const token = MCP_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const entry: McpToken = {
    name: checkTokenName(spec.name),
    sha256: hashToken(token),
    accounts: spec.accounts,
    readOnly: spec.readOnly,
    created: now.toISOString(),
    expires: spec.expiresInMs === undefined ? null : new Date(now.getTime() + spec.expiresInMs).toISOString(),
    lastUsed: null,
  };
  await change(configDir, (file) => {
    if (file.tokens.some((t) => t.name === entry.name))
      throw new UsageError(`NAME: a token named "${entry.name}" exists already.`, {
        field: 'NAME',
        hint: `Revoke it first (masg mcp token revoke ${entry.name}) or choose another name.`,
      });
    file.tokens.push(entry);
  });
  return { token, entry };
}

export async function revokeToken(configDir: string, name: string): Promise<void> {
  await change(configDir, (file) => {
    const before = file.tokens.length;
    file.tokens = file.tokens.filter((t) => t.name !== name);
    if (file.tokens.length === before)
      throw new UsageError(`NAME: there is no token named "${name}".`, { field: 'NAME', hint: 'See masg mcp token list.' });
  });
}

export type Verdict = { ok: true; token: McpToken } | { ok: false; why: 'missing' | 'unknown' | 'expired' };

/** The token a presented bearer value is, read from the file now (so revokes and expiries count at once). */
export async function verifyToken(configDir: string, presented: string | undefined, now = new Date()): Promise<Verdict> {
  if (presented === undefined || presented === '') return { ok: false, why: 'missing' };
  const sha256 = hashToken(presented);
  const found = (await readTokens(configDir)).find((t) => t.sha256 === sha256);
  if (found === undefined) return { ok: false, why: 'unknown' };
  if (found.expires !== null && Date.parse(found.expires) <= now.getTime()) return { ok: false, why: 'expired' };
  return { ok: true, token: found };
}

/**
 * Records the last use (to the minute: the file is not rewritten at every request). `token` is the
 * entry verifyToken read for this request: when it was used this minute already, nothing is read
 * or written; otherwise the file is changed under its lock (the one read of a read-modify-write).
 */
export async function touchToken(configDir: string, token: McpToken, now = new Date()): Promise<void> {
  const minute = now.toISOString().slice(0, 16);
  if (token.lastUsed?.slice(0, 16) === minute) return;
  await change(configDir, (file) => {
    const t = file.tokens.find((x) => x.sha256 === token.sha256);
    if (t) t.lastUsed = now.toISOString();
  });
}
