// What a tool answers: structuredContent (checked by the SDK against the tool's output schema)
// beside a short text, or a tool error (isError) in the CLI's own words. An agent reads the
// error's text to decide what to do next, so it says which parameter, why, and whether to retry;
// a stack trace never leaves the server.
import { AuthError, ConfigError, InterruptedError, LocalIOError, MasgError, NetworkError, UsageError } from '../core/errors.js';
import type { Redactor } from '../core/redact.js';
import { cellValues } from '../output/columns.js';
import { jsonObject } from '../output/format/json.js';
import type { Column, Row } from '../output/types.js';

export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export function answer(structured: Record<string, unknown>, text: string): ToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A record's values exactly as the command's `-o json` writes them: its columns, its one JSON encoder, read back. */
export function jsonRecord(columns: readonly Column[], row: Row): Record<string, string | boolean | null> {
  return JSON.parse(jsonObject(columns, cellValues(columns, row))) as Record<string, string | boolean | null>;
}

/** The names the CLI's messages use that are another name here. */
const ALIASES: Readonly<Record<string, string>> = {
  '[id]': 'id',
  '<id>': 'id',
  '<advertiserId>': 'advertiser',
  '[advertiserId]': 'advertiser',
  '[publicationId]': 'publication',
  '--baseline': 'baselineDays',
  '<query>': 'sql',
};

/** The CLI's option names as the tool's parameter names: `--date` → `date`, `<id>` → `id`, `--baseline` → `baselineDays`. */
export function parameterName(field: string): string {
  if (ALIASES[field] !== undefined) return ALIASES[field];
  const bare = field.replace(/^--?/, '').replace(/^[<[](.*)[>\]]$/, '$1');
  return bare.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The CLI commands a message may name, and the tool that does the same here (longest first). */
const TOOL_FOR: ReadonlyArray<[string, string]> = [
  ['masg pub list', 'list_publications'],
  ['masg slot list', 'list_ad_slots'],
  ['masg adv list', 'list_advertisers'],
  ['masg campaign list', 'list_campaigns'],
  ['masg sql without --write', 'warehouse_query'],
  ['masg sql', 'warehouse_query'],
];

/**
 * A message of the CLI's in the tool's terms: each flag or argument the tool has as a parameter
 * is named as that parameter, and a list command as the tool that lists. Flags the tool has no
 * parameter for are left as they are: they describe the server's own set-up.
 */
export function inToolTerms(text: string, params: readonly string[]): string {
  let out = text.replace(/`masg [a-z]+ list`/g, (command) => TOOL_FOR.find(([c]) => `\`${c}\`` === command)?.[1] ?? command);
  for (const [command, tool] of TOOL_FOR) out = out.replaceAll(command, tool);
  return out.replace(/--[a-z][a-z-]*|[<[][a-zA-Z]+[>\]]/g, (token) => {
    const name = parameterName(token);
    return params.includes(name) ? name : token;
  });
}

/** A failure of the server's own making, with the first line it should read as. */
export class ToolFailure extends MasgError {
  constructor(
    readonly kind: string,
    message: string,
    options?: { hint?: string },
  ) {
    super(message, options);
  }
}

/** What kind of failure it is, for the agent: the words it can act on. */
function kindOf(err: unknown): string {
  if (err instanceof ToolFailure) return err.kind;
  if (err instanceof AuthError) return 'Authentication failed: the service rejected the credentials of this account.';
  if (err instanceof UsageError) return 'Invalid input.';
  if (err instanceof ConfigError) return 'Configuration problem.';
  if (err instanceof NetworkError) return 'Network or service failure; the call may be retried.';
  if (err instanceof InterruptedError) return 'Interrupted.';
  if (err instanceof LocalIOError) return 'Local file or database failure.';
  if (err instanceof MasgError) return 'The service refused the request.';
  return 'Internal error in masg.';
}

/** The tool error for anything a tool threw, in the terms of the tool's `params`, with every secret redacted. */
export function toolError(err: unknown, redact: Redactor, params: readonly string[] = []): ToolResult {
  const lines = [kindOf(err)];
  if (err instanceof MasgError) {
    lines.push(inToolTerms(err.message, params));
    const field = (err as { field?: unknown }).field;
    if (typeof field === 'string' && field !== '') lines.push(`Parameter: ${parameterName(field)}.`);
    if (err.hint) lines.push(inToolTerms(err.hint, params));
  } else {
    // Never the stack: only the message, which says what broke.
    lines.push(err instanceof Error ? err.message : String(err));
    lines.push('This is a bug in masg; please report it with the tool call that caused it.');
  }
  return { content: [{ type: 'text', text: redact(lines.join('\n')) }], isError: true };
}
