// What a command hands back: plain data, never behaviour. What streams was already written
// through the output port (./port.ts); src/command-kit/render.ts writes the rest. Here, below the
// features, because bulk and the warehouse return it too.
import type { Column } from '../schema/column.js';

export type CommandResult =
  /** A small list; `entity` names it in notices ("No profiles."). */
  | { kind: 'rows'; columns: Column[]; rows: Array<Record<string, string>>; entity: string; tableFields?: string[] }
  /**
   * One entity (create, update, view). `failure`: printed first (it is still the service's
   * answer), then thrown for the exit code, e.g. an update whose status change was ignored.
   */
  | { kind: 'record'; columns: Column[]; row: Record<string, string>; failure?: Error }
  /** The service's body exactly as received (--raw); `failure` as for a record. */
  | { kind: 'raw'; body: string; bytes: Uint8Array; failure?: Error }
  /** Plain text for stdout (a bulk plan, a pulse report): printed as is; `failure` as for a record. */
  | { kind: 'text'; text: string; failure?: Error }
  /**
   * --dry-run: what the SDK described instead of sending, in the order it would go out (each
   * request's text, redacted; a plan may put its own `#` lines among them), printed as is.
   */
  | { kind: 'dry-run'; requests: string[] }
  /** Nothing more to print: the handler wrote its output through the port, or its effect is the point. */
  | { kind: 'done' };
