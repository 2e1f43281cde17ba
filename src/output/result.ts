// What a command hands back once its work is done: plain data, never behaviour. Handlers that
// stream (lists, statistics, masg sql) write through their output port (./port.ts) and return
// `done`; src/commands/render.ts writes the small results below through the same port. Features
// below the commands (bulk, warehouse) return it too, so this type lives here, below all of them.
import type { Column } from '../schema/column.js';

export type CommandResult =
  /** Rows for a small list; `entity` names them in notices ("No profiles."). */
  | { kind: 'rows'; columns: Column[]; rows: Array<Record<string, string>>; entity: string; tableFields?: string[] }
  /** One entity (create, update, view): shown vertically in a table, as an object in JSON. */
  | { kind: 'record'; columns: Column[]; row: Record<string, string>; failure?: Error }
  // `failure` on a record: printed first (it is still the service's answer), then thrown for the
  // exit code — e.g. an update whose status change the service ignored.
  /** The service's body exactly as received (--raw); `failure` as for a record. */
  | { kind: 'raw'; body: string; bytes: Uint8Array; failure?: Error }
  /** Plain text for stdout (a bulk plan, a pulse report): printed as is; `failure` as for a record. */
  | { kind: 'text'; text: string; failure?: Error }
  /**
   * --dry-run: the transport's hook described every request instead of sending it; the
   * descriptions (Context.described, in the order they would have been sent) are what
   * src/commands/run.ts prints, so the result itself carries nothing more.
   */
  | { kind: 'dry-run' }
  /** Nothing more to print: the handler wrote its output through the port, or its effect is the point. */
  | { kind: 'done' };
