// How a tool is declared and registered: one spec per tool (name, schemas, honest annotations,
// the run), every failure turned into a tool error in the CLI's words, every byte redacted.
import * as z from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';
import type { Context } from '../context.js';
import type { Accounts } from './accounts.js';
import { advertised, advertisedOutput, checkInput } from './input.js';
import { toolError, type ToolResult } from './results.js';

/** The most rows any tool returns; the rest is summed into totals and said. */
export const MAX_ROWS = 200;
export const DEFAULT_ROWS = 50;

export interface Annotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The read tools' annotations: nothing changes, the same call answers the same (until the service's data moves). */
export const READ: Annotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: true };

export interface Call {
  accounts: Accounts;
  /** The caller's identity when the transport has one (HTTP's bearer token, hashed). */
  principal?: string;
  /** The account's Context, made on first use. */
  context(account: string | undefined): Promise<Context>;
  /** What the client can do (elicitation), as it said on connecting. */
  canElicit(): boolean;
  elicit(message: string): Promise<'accept' | 'decline' | 'cancel'>;
}

export interface ToolSpec<I extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: z.ZodObject;
  annotations: Annotations;
  run(args: z.infer<I>, call: Call): Promise<ToolResult>;
}

export function defineTool<I extends z.ZodObject>(spec: ToolSpec<I>): ToolSpec {
  return spec;
}

export function register(server: McpServer, spec: ToolSpec, call: (extra: unknown) => Call): void {
  // Strict: a misspelt parameter (baseline for baselineDays) is refused, never silently left out.
  const strict = spec.input.strict();
  server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: advertised(strict),
      outputSchema: advertisedOutput(spec.output),
      annotations: spec.annotations,
    },
    async (args: unknown, extra: unknown) => {
      const c = call(extra);
      try {
        const result = await spec.run(checkInput(strict, args), c);
        return redactResult(result, c.accounts);
      } catch (err) {
        return toolError(err, c.accounts.redact(), Object.keys(strict.shape));
      }
    },
  );
}

/** The result as bytes would carry it, redacted, then read back: no secret in any field. */
function redactResult(result: ToolResult, accounts: Accounts): ToolResult {
  const redact = accounts.redact();
  const text = JSON.stringify(result);
  const clean = redact(text);
  return clean === text ? result : (JSON.parse(clean) as ToolResult);
}

// ── Shared parameter schemas: their descriptions are what an agent reads. ──

export const accountParam = z.string().optional().describe("An account's name from list_accounts; left out, the default one.");

export const dateParams = {
  date: z
    .string()
    .optional()
    .describe("One day: yesterday, today, -Nd (e.g. -7d) or YYYY-MM-DD, in the account's time zone. Default: today so far."),
  from: z.string().optional().describe('First day of a range, as date (YYYY-MM-DDTHH for an hour). Not with date.'),
  to: z.string().optional().describe('Last day of the range, inclusive, as date.'),
};

export const limitParam = z
  .number()
  .int()
  .min(1)
  .max(MAX_ROWS)
  .optional()
  .describe(`Rows to return, at most ${MAX_ROWS} (default ${DEFAULT_ROWS}). Totals always cover every row.`);

export const offsetParam = z.number().int().min(0).optional().describe('Rows to skip first, to page through a long list (default 0).');

/** How a result says it was cut: what was left out and how to get it. */
export const cutSchema = z
  .object({
    omittedRows: z.number().int(),
    how: z.string(),
  })
  .nullable()
  .describe('null when every row is here; else how many were left out and how to narrow or page the request.');

/** A record as masg's JSON writes it (docs/output.md#json-types): figures and text as strings, booleans, empty as null. */
export const jsonRow = z.record(z.string(), z.union([z.string(), z.boolean(), z.null()]));
export const figureRow = z.record(z.string(), z.string().nullable());
