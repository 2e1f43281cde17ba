// What the warehouse commands (sync, sql) need from the CLI: the command's Context satisfies it
// structurally, so src/warehouse never imports src/context.ts or src/commands.
import type { Writable } from 'node:stream';
import type { ApiClient } from '../api/types.js';
import type { OutputFormat, OutputSettings } from '../output/types.js';
import type { Ui } from '../output/ui.js';

export interface WarehouseEnv {
  io: { env: Record<string, string | undefined>; stdout: Writable; signal: AbortSignal };
  /** Redacted from every message: a PostgreSQL password is added here. */
  secrets: string[];
  globals: { raw?: unknown; dryRun?: boolean; output?: OutputFormat };
  credentials(): Promise<{ email: string; timezone?: string }>;
  client(): Promise<ApiClient>;
  ui(): Promise<Ui>;
  outputSettings(): Promise<OutputSettings>;
}
