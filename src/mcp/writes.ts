// The write tools, loaded only with `masg mcp --allow-writes`. Each is two calls: the first
// checks the input as the CLI does (the schema's rules, short IDs resolved) and answers with the
// plan, the exact requests as --dry-run shows them, and a one-time token bound to that input;
// the change is sent only when the same input comes back with `confirm` set to the token.
// STOPPED is permanent: the tool is annotated destructive, the plan's own text says so (a client
// without elicitation shows only that), and a client that can ask its person is made to ask.
// Parameters are the entity schema's fields with their JSON types (entity-params.ts).
import * as z from 'zod';
import { NotAppliedError, UsageError } from '../core/errors.js';
import { adSlotSchema, validateAdSlot } from '../schema/adslot.js';
import { columnsOf, type EntitySchema, type Mode } from '../schema/field.js';
import { publicationSchema, validatePublication } from '../schema/publication.js';
import { resolveEntity, resolveId } from '../command-kit/resolve-id.js';
import type { AdSlotChanges, AdSlotCreate, DryRun, MasgClient, PublicationCreate } from '../sdk/types.js';
import type { Context } from '../context.js';
import { asFlagValues, entityParams } from './entity-params.js';
import { answer, jsonRecord } from './results.js';
import { ConfirmationTokens } from './tokens.js';
import { accountParam, defineTool, jsonRow, type Call, type ToolSpec } from './tool.js';

type Input = Record<string, string | undefined>;
/** The tool's parameters are the service's field names: an error names the one at fault. */
const asParameter = (field: string) => field;

interface WriteKind {
  name: string;
  title: string;
  schema: EntitySchema;
  mode: Mode;
  about: string;
  destructive: boolean;
  /** Checks and resolves the input (no request that changes anything); returns the target ID for updates. */
  prepare(ctx: Context, raw: Input): Promise<{ id?: string; input: Input }>;
  send(sdk: MasgClient, id: string | undefined, input: Input, dryRun: boolean): Promise<DryRun | Record<string, string>>;
}

const tokens = new ConfirmationTokens();

const writeOutput = z.object({
  account: z.string(),
  status: z.enum(['planned', 'done', 'declined']),
  requests: z.array(z.string()).describe('The exact requests, as masg --dry-run shows them.'),
  confirm: z.string().nullable().describe('The token to pass back as `confirm`, with the same input, to send the change.'),
  item: jsonRow.nullable().describe('The entity as the service answered, once done (as `-o json` types it).'),
});

function writeTool(k: WriteKind): ToolSpec {
  return defineTool({
    name: k.name,
    title: k.title,
    description: `${k.about} Two steps: without \`confirm\` it returns the plan and a one-time token; the same input with that \`confirm\` sends it.`,
    input: z.object({
      account: accountParam,
      ...(k.mode === 'update' ? { id: z.string().describe('ID, or its first 4+ characters.') } : {}),
      ...entityParams(k.schema, k.mode),
      confirm: z.string().optional().describe('The token the plan returned; leave out to get the plan.'),
    }),
    output: writeOutput,
    annotations: { readOnlyHint: false, destructiveHint: k.destructive, idempotentHint: false, openWorldHint: true },
    async run(args, call) {
      const { account, confirm, id, ...fields } = args as Record<string, unknown>;
      const input = { account, confirm, id, ...asFlagValues(fields) } as Input;
      return runWrite(k, input, call);
    },
  });
}

async function runWrite(k: WriteKind, args: Input, call: Call) {
  const { confirm, account, ...raw } = args;
  const ctx = await call.context(account);
  const who = (await ctx.credentials()).profile;
  const { id, input } = await k.prepare(ctx, raw);
  const sdk = await ctx.sdk();
  const plan = (await k.send(sdk, id, input, true)) as DryRun;
  const requests = plan.requests.map((r) => r.text);
  // Bound to the caller, the tool, the account and the input as checked, so any change makes a new plan.
  const binding = JSON.stringify([call.principal ?? null, k.name, who, id ?? null, input]);
  if (confirm === undefined) {
    const token = tokens.issue(binding);
    const stops =
      input.status === 'STOPPED'
        ? `\nWarning: STOPPED is permanent. The ${k.schema.entity} ${id} can never be made ACTIVE or PAUSED again; ask the person before confirming.`
        : '';
    const text = `Plan (nothing sent yet):\n${requests.join('\n')}${stops}\nTo send it, call ${k.name} again with the same input and confirm: "${token}".`;
    return answer({ account: who, status: 'planned', requests, confirm: token, item: null }, text);
  }
  tokens.redeem(confirm, binding);
  if (input.status === 'STOPPED' && call.canElicit()) {
    const said = await call.elicit(`Stop ${k.schema.entity} ${id}? STOPPED is permanent: it cannot be undone.`);
    if (said !== 'accept') {
      return answer({ account: who, status: 'declined', requests, confirm: null, item: null }, `Not sent: the person answered ${said}.`);
    }
  }
  const item = (await k.send(sdk, id, input, false)) as Record<string, string>;
  if (input.status !== undefined && item.status !== undefined && item.status !== input.status) {
    throw new NotAppliedError(`The service kept ${k.schema.entity} ${id} ${item.status}: the change to ${input.status} was not allowed.`, {
      hint: 'Only ACTIVE↔PAUSED and ACTIVE/PAUSED→STOPPED take effect; PENDING publications wait for approval.',
    });
  }
  const what = id === undefined ? `Created ${k.schema.entity} ${item.id}` : `Updated ${k.schema.entity} ${id}`;
  const summary = `${what} in account ${who}${item.status ? ` (status ${item.status})` : ''}.`;
  return answer(
    { account: who, status: 'done', requests, confirm: null, item: jsonRecord(columnsOf(k.schema), item) },
    `${summary}\nSent: ${requests.join('\n')}`,
  );
}

function nothingToUpdate(input: Input): void {
  if (Object.keys(input).length === 0) throw new UsageError('Nothing to update: give at least one field, e.g. name or status.');
}

export const writeTools: ToolSpec[] = [
  writeTool({
    name: 'create_publication',
    title: 'Create a publication',
    schema: publicationSchema,
    mode: 'create',
    about: 'Create a publication (it starts PENDING until approved), as `masg pub create`.',
    destructive: false,
    prepare: (_ctx, raw) => Promise.resolve({ input: validatePublication(raw, 'create', asParameter) }),
    send: (sdk, _id, input, dryRun) =>
      dryRun
        ? sdk.createPublication(input as unknown as PublicationCreate, { dryRun: true })
        : sdk.createPublication(input as unknown as PublicationCreate),
  }),
  writeTool({
    name: 'update_publication',
    title: 'Update a publication',
    schema: publicationSchema,
    mode: 'update',
    about: 'Change fields or the status of a publication, as `masg pub update`. Status STOPPED is permanent.',
    destructive: true,
    async prepare(ctx, { id: rawId, ...raw }) {
      const input = validatePublication(raw, 'update', asParameter) as Input;
      nothingToUpdate(input);
      return { id: await resolveId(ctx, 'publication', rawId!, 'id'), input };
    },
    send: (sdk, id, input, dryRun) => (dryRun ? sdk.updatePublication(id!, input, { dryRun: true }) : sdk.updatePublication(id!, input)),
  }),
  writeTool({
    name: 'create_ad_slot',
    title: 'Create an ad slot',
    schema: adSlotSchema,
    mode: 'create',
    about: 'Create an ad slot in a publication, as `masg slot create`.',
    destructive: false,
    async prepare(ctx, raw) {
      const input = validateAdSlot(raw, 'create', asParameter) as Input;
      input.publication = await resolveId(ctx, 'publication', input.publication!, 'publication');
      return { input };
    },
    send: (sdk, _id, input, dryRun) =>
      dryRun ? sdk.createAdSlot(input as AdSlotCreate, { dryRun: true }) : sdk.createAdSlot(input as AdSlotCreate),
  }),
  writeTool({
    name: 'update_ad_slot',
    title: 'Update an ad slot',
    schema: adSlotSchema,
    mode: 'update',
    about:
      'Change the name, formats or tags of an ad slot, as `masg slot update` (its current name is sent when not changed: the service requires it).',
    destructive: false,
    async prepare(ctx, { id: rawId, ...raw }) {
      const input = validateAdSlot(raw, 'update', asParameter) as Input;
      nothingToUpdate(input);
      const slot = await resolveEntity(ctx, 'adslot', rawId!, 'id');
      const name = input.name ?? slot.name ?? (await (await ctx.sdk()).getAdSlot(slot.id)).name;
      return { id: slot.id, input: { ...input, name } };
    },
    send: (sdk, id, input, dryRun) =>
      dryRun ? sdk.updateAdSlot(id!, input as AdSlotChanges, { dryRun: true }) : sdk.updateAdSlot(id!, input as AdSlotChanges),
  }),
];
