// The write tools of `masg mcp --allow-writes`: a plan first (nothing sent), the change only
// with the plan's token and the same input, a changed input refused, STOPPED asked of the person
// when the client can ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, type Harness } from '../commands/harness.js';
import { connectMcp, structured, textOf, type McpRun } from './helpers.js';

let h: Harness;
let mcp: McpRun;
// As an agent sends it: JSON booleans, integers and arrays, not the CLI's strings.
const NEW_PUB = {
  name: 'Agent Weather',
  type: 'ANDROID_APP',
  description: 'Made by an agent',
  transparent: false,
  languages: ['en', 'es'],
  requests: 5000,
};
const changes = () => h.sent().filter((r) => r.method !== 'GET');

type Write = { status: string; confirm: string | null; requests: string[]; item: Record<string, string | boolean | null> | null };

beforeAll(async () => {
  h = await startHarness();
  mcp = await connectMcp(['mcp', '--allow-writes'], { env: h.env });
});

afterAll(async () => {
  await mcp?.close();
  await h?.close();
  removeTempDirs();
});

describe('masg mcp --allow-writes', () => {
  it('plans without sending, and sends only with the token and the same input', async () => {
    h.mark();
    const plan = structured<Write>(await mcp.client.callTool({ name: 'create_publication', arguments: NEW_PUB }));
    expect(plan.status).toBe('planned');
    expect(plan.requests.join('\n')).toMatch(/^POST .*publication/m);
    expect(plan.requests.join('\n')).toContain('name=Agent+Weather');
    expect(plan.requests.join('\n')).toContain('transparent=false');
    expect(plan.requests.join('\n')).toMatch(/languages=en%2Ces|languages=en,es/);
    expect(plan.confirm).toMatch(/^[0-9a-f]{32}$/);
    expect(changes()).toEqual([]);

    const reply = await mcp.client.callTool({ name: 'create_publication', arguments: { ...NEW_PUB, confirm: plan.confirm } });
    const done = structured<Write>(reply);
    expect(done.status).toBe('done');
    expect(done.item).toMatchObject({ name: 'Agent Weather', type: 'ANDROID_APP', status: 'PENDING', transparent: false });
    expect(changes()).toHaveLength(1);
    // The reply's text states the new ID, not only the request.
    expect(done.item!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(textOf(reply)).toContain(`Created publication ${String(done.item!.id)} in account`);

    // Spent: the same token again is refused, and nothing more is sent.
    const again = await mcp.client.callTool({ name: 'create_publication', arguments: { ...NEW_PUB, confirm: plan.confirm } });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('already used');
    expect(changes()).toHaveLength(1);
  });

  it('refuses a token whose input changed, and spends it', async () => {
    h.mark();
    const plan = structured<Write>(await mcp.client.callTool({ name: 'create_publication', arguments: NEW_PUB }));
    const changed = await mcp.client.callTool({
      name: 'create_publication',
      arguments: { ...NEW_PUB, name: 'Something Else', confirm: plan.confirm },
    });
    expect(changed.isError).toBe(true);
    expect(textOf(changed)).toContain('the input changed since this token was issued');
    expect(textOf(changed)).toContain('Parameter: confirm.');
    const original = await mcp.client.callTool({ name: 'create_publication', arguments: { ...NEW_PUB, confirm: plan.confirm } });
    expect(original.isError).toBe(true);
    expect(changes()).toEqual([]);
  });

  it('checks the input with the CLI rules before planning', async () => {
    const r = await mcp.client.callTool({ name: 'create_publication', arguments: { ...NEW_PUB, type: 'TOASTER' } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^Invalid input\.\ntype: "TOASTER" is not one of MOBILE_SITE/);
    expect(textOf(r)).toContain('Parameter: type.');
    // The CLI's string forms are refused in JSON's terms, naming the parameter.
    const typed = await mcp.client.callTool({ name: 'create_publication', arguments: { ...NEW_PUB, transparent: 'false' } });
    expect(textOf(typed)).toBe(
      'Invalid input.\ntransparent: "false" is a string; expected true or false (a JSON boolean).\nParameter: transparent.',
    );
    const item = await mcp.client.callTool({ name: 'create_ad_slot', arguments: { publication: 'abcd', name: 'x', formats: ['baner'] } });
    expect(textOf(item)).toContain('Parameter: formats[0].');
    const slot = await mcp.client.callTool({ name: 'update_ad_slot', arguments: { id: 'zzzz' } });
    expect(slot.isError).toBe(true);
    expect(textOf(slot)).toContain('Nothing to update');
  });

  it('updates an ad slot with its current name sent, as slot update does', async () => {
    const { items } = structured<{ items: Array<Record<string, string>> }>(
      await mcp.client.callTool({ name: 'list_ad_slots', arguments: {} }),
    );
    const slot = items[0];
    const args = { id: slot.id.slice(0, 8), formats: ['banner'] };
    const plan = structured<Write>(await mcp.client.callTool({ name: 'update_ad_slot', arguments: args }));
    expect(plan.requests.join('\n')).toContain(`name=${encodeURIComponent(slot.name).replace(/%20/g, '+')}`);
    const done = structured<Write>(await mcp.client.callTool({ name: 'update_ad_slot', arguments: { ...args, confirm: plan.confirm } }));
    expect(done.item).toMatchObject({ id: slot.id, name: slot.name, formats: 'banner' });
  });
});

describe('the write tools in tools/list', () => {
  it('take JSON booleans, integers, enums and arrays, generated from the entity schema', async () => {
    const { tools } = await mcp.client.listTools();
    const props = (name: string) => tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, Record<string, unknown>>;
    const pub = props('create_publication');
    expect(pub.transparent.type).toBe('boolean');
    expect(pub.autoapprove.type).toBe('boolean');
    expect(pub.requests.type).toBe('integer');
    expect(pub.type.enum).toContain('ANDROID_APP');
    expect(pub.languages).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(props('update_publication').status.enum).toEqual(['ACTIVE', 'PAUSED', 'STOPPED']);
    expect(props('create_ad_slot').formats).toMatchObject({ type: 'array', items: { enum: expect.arrayContaining(['banner']) } });
    expect(props('update_ad_slot').tags).toMatchObject({ type: 'array' });
    for (const t of tools) expect(t.inputSchema.additionalProperties, t.name).toBe(false);
  });
});

describe('STOPPED with a client that can ask its person', () => {
  it('asks, and a "no" sends nothing; a "yes" stops it', async () => {
    const asked: string[] = [];
    let say: 'accept' | 'decline' = 'decline';
    const asking = await connectMcp(['mcp', '--allow-writes'], {
      env: h.env,
      onElicit: (message) => (asked.push(message), { action: say, content: say === 'accept' ? { confirm: true } : undefined }),
    });
    try {
      const { items } = structured<{ items: Array<Record<string, string>> }>(
        await asking.client.callTool({ name: 'list_publications', arguments: { status: 'ACTIVE' } }),
      );
      const args = { id: items[0].id, status: 'STOPPED' };
      h.mark();
      const planned = await asking.client.callTool({ name: 'update_publication', arguments: args });
      // A client without elicitation shows only this text: it must warn by itself.
      expect(textOf(planned)).toMatch(/STOPPED is permanent/);
      let plan = structured<Write>(planned);
      const declined = structured<Write>(
        await asking.client.callTool({ name: 'update_publication', arguments: { ...args, confirm: plan.confirm } }),
      );
      expect(declined.status).toBe('declined');
      expect(asked[0]).toMatch(/STOPPED is permanent/);
      expect(changes()).toEqual([]);

      say = 'accept';
      plan = structured<Write>(await asking.client.callTool({ name: 'update_publication', arguments: args }));
      const done = structured<Write>(
        await asking.client.callTool({ name: 'update_publication', arguments: { ...args, confirm: plan.confirm } }),
      );
      expect(done.item).toMatchObject({ status: 'STOPPED' });
      expect(changes()).toHaveLength(1);
    } finally {
      await asking.close();
    }
  });
});
