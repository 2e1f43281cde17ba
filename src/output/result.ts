// What a command hands back: plain data (here, below the features, as bulk returns it too).
import type { Column } from '../schema/column.js';
import type { DryRunPlan } from './dry-run.js';

export type { DryRunPlan };

export type CommandResult =
  | { kind: 'rows'; columns: Column[]; rows: Array<Record<string, string>>; entity: string; tableFields?: string[]; records?: boolean }
  /** `failure`: printed first (still the service's answer), then thrown for the exit code. */
  | { kind: 'record'; columns: Column[]; row: Record<string, string>; failure?: Error }
  /** `out`: --out FILE, written atomically with the body as received (stdout otherwise). */
  | { kind: 'raw'; body: string; bytes: Uint8Array; failure?: Error; out?: string }
  | { kind: 'text'; text: string; failure?: Error }
  | { kind: 'dry-run'; plan: DryRunPlan }
  | { kind: 'done' };
