// A tool's input, checked by masg rather than by the SDK: the SDK would answer a wrong type or an
// unknown parameter in zod's own words ("expected number, received string") or, for an unknown
// one, not at all. Here every input schema is strict, and a failure is a UsageError naming the
// parameter, so it reads as every other error of masg ("Invalid input. … Parameter: limit.").
import * as z from 'zod';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { UsageError } from '../core/errors.js';

type JsonSchemaOf = NonNullable<StandardSchemaWithJSON['~standard']['jsonSchema']>;
type Json = Record<string, unknown>;

/** Without what says nothing to a client: zod's ±2^53 bounds on every integer, `propertyNames: string`, `$schema`. */
function trimmed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(trimmed);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$schema' || (key === 'propertyNames' && (value as Json).type === 'string')) continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = trimmed(value);
  }
  return out;
}

function compact(std: { jsonSchema?: JsonSchemaOf }): JsonSchemaOf {
  const own = std.jsonSchema!;
  return {
    input: (options) => trimmed(own.input(options)) as Json,
    output: (options) => trimmed(own.output(options)) as Json,
  };
}

/** What the SDK is given for an input: the strict schema's JSON Schema for tools/list, and a validation that lets every input through to `checkInput`. */
export function advertised(strict: z.ZodObject): StandardSchemaWithJSON {
  const std = strict['~standard'] as unknown as StandardSchemaWithJSON['~standard'];
  return { '~standard': { version: 1, vendor: 'masg', validate: (value: unknown) => ({ value }), jsonSchema: compact(std) } };
}

/** An output schema as the SDK checks it (zod's own validation), advertised without zod's noise. */
export function advertisedOutput(schema: z.ZodObject): StandardSchemaWithJSON {
  const std = schema['~standard'] as unknown as StandardSchemaWithJSON['~standard'];
  return { '~standard': { ...std, jsonSchema: compact(std) } };
}

const jsonType = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
const shown = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v)));
const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'a string',
  boolean: 'true or false (a JSON boolean)',
  array: 'an array',
  object: 'an object',
};

function describe(issue: z.core.$ZodIssue, name: string, known: string[]): UsageError {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'unrecognized_keys':
      return new UsageError(
        `${issue.keys.length === 1 ? 'Unknown parameter' : 'Unknown parameters'} ${issue.keys.map((k) => `"${k}"`).join(', ')}.`,
        { field: issue.keys[0], hint: `This tool takes ${known.join(', ') || 'no parameters'}.` },
      );
    case 'invalid_type':
      return new UsageError(
        input === undefined
          ? `${name} is required.`
          : `${name}: ${shown(input)} is ${jsonType(input)}; expected ${EXPECTED[issue.expected] ?? issue.expected}.`,
        { field: name },
      );
    case 'too_big':
      return new UsageError(`${name}: ${shown(input)} is more than ${String(issue.maximum)}, the most it takes.`, { field: name });
    case 'too_small':
      return new UsageError(`${name}: ${shown(input)} is less than ${String(issue.minimum)}, the least it takes.`, { field: name });
    case 'invalid_value':
      return new UsageError(`${name}: ${shown(input)} is not one of ${issue.values.map((v) => String(v)).join(', ')}.`, {
        field: name,
      });
    default:
      return new UsageError(`${name}: ${issue.message}.`, { field: name });
  }
}

/** The input as the tool's strict schema parses it, or the first problem as a UsageError naming its parameter. */
export function checkInput<I extends z.ZodObject>(strict: I, args: unknown): z.infer<I> {
  const parsed = strict.safeParse(args ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // An item of an array is named as the parameter and its index: formats[1].
  const name = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');
  throw describe(issue, name, Object.keys(strict.shape));
}
