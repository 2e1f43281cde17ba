// What the warehouse commands (sync, sql) need from the CLI: the command's Context satisfies it
// structurally, so src/warehouse never imports src/context.ts or src/commands.
import type { Writable } from 'node:stream';
import type { MasgClient } from '../sdk/types.js';
import type { OutputFormat, OutputSettings } from '../output/types.js';
import type { Ui } from '../output/ui.js';

export interface WarehousePort {
  io: { env: Record<string, string | undefined>; stdout: Writable; signal: AbortSignal };
  /** Redacted from every message: a PostgreSQL password is added here. */
  secrets: string[];
  globals: {
    raw?: unknown;
    dryRun?: boolean;
    output?: OutputFormat;
    sandbox?: boolean;
    retries: number;
    deadline?: number;
    /** Seconds, as the CLI's client takes them. */
    timeout?: number;
    connectTimeout?: number;
    quiet?: boolean;
    /** Each request and response on stderr, redacted (several accounts' clients are built here). */
    debug?: boolean;
    /** --profile as typed: one name, or a list (then accounts() has it). */
    profile?: string;
  };
  /** masg's version: several accounts' clients send it as their user agent. */
  version: string;
  /** Where masg keeps its configuration; --sandbox keeps its state (and its warehouse) under it. */
  configDir: string;
  /** The account's zone is `timezone` (undefined when unknown: a sync then refuses, never guesses). */
  credentials(): Promise<{ email: string; timezone?: string }>;
  /** The SDK client (a dry run asks it with `{ dryRun: true }`). */
  sdk(): Promise<MasgClient>;
  ui(): Promise<Ui>;
  /** The profiles a list names (`--profile a,b`, MASG_PROFILE=a,b, --all-profiles); undefined for one account. */
  accounts?(): Promise<{ names: string[]; source: string } | undefined>;
  outputSettings(): Promise<OutputSettings>;
}
