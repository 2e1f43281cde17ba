// masg mcp against the sandbox over real HTTP, through the SDK's own client: the tool list, the
// schemas, the figures against `masg pub stats`, the errors an agent must be able to act on, and
// the key in no byte the server writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { parseCsv, removeTempDirs, startHarness, type Harness } from '../commands/harness.js';
import { basicCredentials } from '../../src/core/redact.js';
import { sumDecimals } from '../../src/core/decimal.js';
import { connectMcp, READ_TOOLS, structured, textOf, WRITE_TOOLS, type McpRun } from './helpers.js';

const DAY = '2024-06-14';
let h: Harness;
let mcp: McpRun;

beforeAll(async () => {
  h = await startHarness();
  mcp = await connectMcp(['mcp'], { env: { ...h.env, MASG_TIMEZONE: 'America/New_York' } });
});

afterAll(async () => {
  await mcp?.close();
  await h?.close();
  removeTempDirs();
});

/** A command's rows as the strings it printed (csv: exact decimals, blanks as ''). */
async function csvRows(argv: string[]): Promise<Array<Record<string, string>>> {
  const [header, ...rows] = await parseCsv((await h.masg([...argv, '-o', 'csv'])).stdout);
  return rows.map((row) => Object.fromEntries(header.map((k, i) => [k, row[i]])));
}

type Stats = {
  totals: Record<string, string>;
  rows: Array<Record<string, string>>;
  groups: number;
  zone: string;
  days: { from: string; to: string };
};

describe('masg mcp: the tools', () => {
  it('lists exactly the read tools without --allow-writes, honestly annotated', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
    for (const t of tools) {
      expect(t.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
      expect(t.description!.length).toBeLessThan(600);
    }
  });

  it('adds exactly the write tools with --allow-writes, not read-only, STOPPED-capable ones destructive', async () => {
    const writer = await connectMcp(['mcp', '--allow-writes'], { env: h.env });
    try {
      const { tools } = await writer.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
      const byName = new Map(tools.map((t) => [t.name, t]));
      for (const name of WRITE_TOOLS) expect(byName.get(name)!.annotations?.readOnlyHint).toBe(false);
      expect(byName.get('update_publication')!.annotations?.destructiveHint).toBe(true);
      expect(byName.get('create_publication')!.annotations?.destructiveHint).toBe(false);
    } finally {
      expect(await writer.close()).toBe(0);
    }
  });

  it('keeps tools/list compact: the figure in docs/mcp.md, counted as its bytes / 4', async () => {
    const bytes = (tools: unknown) => Buffer.byteLength(JSON.stringify({ tools }));
    const { tools } = await mcp.client.listTools();
    // Read tools: about 5,300 tokens (21,400 bytes) on 2026-12-02; this bound keeps the budget.
    expect(bytes(tools)).toBeLessThan(24_000);
    const writer = await connectMcp(['mcp', '--allow-writes'], { env: h.env });
    try {
      expect(bytes((await writer.client.listTools()).tools)).toBeLessThan(32_000);
    } finally {
      await writer.close();
    }
    // No zod noise: integer bounds of ±2^53 and a $schema per tool say nothing to an agent.
    expect(JSON.stringify(tools)).not.toMatch(/9007199254740991|\$schema|propertyNames/);
  });

  it('gives every tool an input and an output schema that compile as JSON Schema, with descriptions on the parameters', async () => {
    const ajv = new AjvJsonSchemaValidator();
    const { tools } = await mcp.client.listTools();
    for (const t of tools) {
      expect(() => ajv.getValidator(t.inputSchema)).not.toThrow();
      expect(t.outputSchema, t.name).toBeDefined();
      expect(() => ajv.getValidator(t.outputSchema!)).not.toThrow();
      for (const [name, p] of Object.entries((t.inputSchema.properties ?? {}) as Record<string, { description?: string }>))
        expect(p.description, `${t.name}.${name}`).toBeTruthy();
    }
    const stats = tools.find((t) => t.name === 'publisher_stats')!;
    const date = (stats.inputSchema.properties as Record<string, { description: string }>).date.description;
    expect(date).toMatch(/yesterday/);
    expect(date).toMatch(/-7d/);
    expect(date).toMatch(/YYYY-MM-DD/);
    expect(date).toMatch(/time zone/);
    expect(stats.description).toMatch(/exact decimal strings in the currency of each row/);
    // A real answer against its advertised schema, checked here too, not only by the server.
    const answer = await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY } });
    expect(ajv.getValidator(stats.outputSchema!)(answer.structuredContent)).toMatchObject({ valid: true });
    const bad = ajv.getValidator(stats.outputSchema!)({ ...answer.structuredContent, totals: 'none' });
    expect(bad.valid).toBe(false);
  });
});

describe('masg mcp: figures', () => {
  it('publisher_stats totals equal `masg pub stats` for the same day, to the cent, with the days and zone said', async () => {
    const cli = await csvRows(['pub', 'stats', '--date', DAY, '--tz', 'America/New_York']);
    const r = structured<Stats>(await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY } }));
    expect(r.zone).toBe('America/New_York');
    expect(r.days).toMatchObject({ from: DAY, to: DAY });
    expect(r.totals.earnings).toBe(
      sumDecimals(
        cli.map((row) => row.earnings),
        2,
      ),
    );
    expect(r.totals.impressions).toBe(sumDecimals(cli.map((row) => row.impressions)));
    expect(r.groups).toBe(cli.length);
    // Rows sorted by earnings, names beside the IDs.
    const earnings = r.rows.map((row) => Number(row.earnings));
    expect(earnings).toEqual([...earnings].sort((a, b) => b - a));
    expect(r.rows.every((row) => row.publicationName !== '')).toBe(true);
    expect(textOf(await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY } }))).toContain(`${DAY} (America/New_York)`);
  });

  it('groups by ad slot, country and day with the same totals', async () => {
    const whole = structured<Stats>(await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY } })).totals;
    for (const groupBy of ['adslot', 'country', 'day']) {
      const r = structured<Stats>(await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY, groupBy, limit: 200 } }));
      expect(r.totals, groupBy).toEqual(whole);
      expect(
        sumDecimals(
          r.rows.map((row) => row.earnings),
          2,
        ),
      ).toBe(whole.earnings);
    }
  });

  it('lists, gets and pulses through the same SDK calls as the CLI', async () => {
    const cli = await csvRows(['pub', 'list']);
    const list = structured<{ total: number; items: Array<Record<string, string>> }>(
      await mcp.client.callTool({ name: 'list_publications', arguments: {} }),
    );
    expect(list.items.map((p) => p.id)).toEqual(cli.map((p) => p.id));
    const one = structured<{ item: Record<string, unknown> }>(
      await mcp.client.callTool({ name: 'get_publication', arguments: { id: cli[0].id.slice(0, 8) } }),
    );
    expect(one.item.id).toEqual(cli[0].id);
    const slots = structured<{ items: Array<Record<string, string>> }>(await mcp.client.callTool({ name: 'list_ad_slots', arguments: {} }));
    expect(slots.items.every((s) => s.publicationName !== '')).toBe(true);
    const pulse = structured<{ date: string; zone: string; report: { findings: unknown[] } }>(
      await mcp.client.callTool({ name: 'pulse', arguments: { date: DAY } }),
    );
    expect(pulse).toMatchObject({ date: DAY, zone: 'America/New_York' });
    const cliPulse = JSON.parse((await h.masg(['pulse', '--date', DAY, '--tz', 'America/New_York', '-o', 'json'])).stdout);
    expect(pulse.report.findings).toEqual(cliPulse.findings);
  });
});

describe('masg mcp: errors an agent can act on', () => {
  const call = (name: string, args: Record<string, unknown>) => mcp.client.callTool({ name, arguments: args });

  it("a wrong type, a number out of range, an unknown choice and an unknown parameter are refused in masg's words", async () => {
    const said = async (name: string, args: Record<string, unknown>) => {
      const r = await call(name, args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      return textOf(r);
    };
    expect(await said('publisher_stats', { limit: '5' })).toBe(
      'Invalid input.\nlimit: "5" is a string; expected a number.\nParameter: limit.',
    );
    expect(await said('publisher_stats', { limit: 500 })).toBe(
      'Invalid input.\nlimit: 500 is more than 200, the most it takes.\nParameter: limit.',
    );
    expect(await said('publisher_stats', { groupBy: 'campaign' })).toBe(
      'Invalid input.\ngroupBy: "campaign" is not one of publication, adslot, country, day.\nParameter: groupBy.',
    );
    const unknown = await said('publisher_stats', { interval: 'day' });
    expect(unknown).toMatch(
      /^Invalid input\.\nUnknown parameter "interval"\.\nParameter: interval\.\nThis tool takes account, date, from, to, id, groupBy, sort, limit\./,
    );
    // A misspelt parameter of a tool whose file is not this one's (pulse): strict too, nothing run.
    h.mark();
    expect(await said('pulse', { baseline: 0 })).toMatch(
      /^Invalid input\.\nUnknown parameter "baseline"\.\nParameter: baseline\.\nThis tool takes account, date, baselineDays\./,
    );
    expect(h.sent()).toEqual([]);
  });

  it("names the tool's parameters and tools, never the CLI's flags or commands", async () => {
    const both = textOf(await call('publisher_stats', { date: 'yesterday', from: '-2d' }));
    expect(both).toBe(
      'Invalid input.\ndate cannot be combined with from or to.\nParameter: date.\nUse date for one whole day, or from/to for a range.',
    );
    const unknown = textOf(await call('publisher_stats', { id: 'zzzz' }));
    expect(unknown).toBe('Invalid input.\nid: no publication ID starts with "zzzz".\nParameter: id.\nSee list_publications for the IDs.');
    for (const text of [both, unknown, textOf(await call('pulse', { date: 'nope' }))]) expect(text).not.toMatch(/--|masg |[<[]id[>\]]/);
  });

  it('a bad date names the parameter and the accepted forms, as the CLI says it', async () => {
    const r = await call('publisher_stats', { date: '2024-13-45' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('"2024-13-45" is not a valid date: there is no month 13.');
    expect(textOf(r)).toContain('Parameter: date.');
    expect(textOf(r)).not.toMatch(/\n\s+at /);
  });

  it('an unknown ID says so and which tool lists the IDs', async () => {
    const r = await call('get_campaign', { id: 'ffff' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/no campaign ID starts with "ffff"/);
    const full = await call('get_publication', { id: '00000000-0000-4000-8000-000000000000' });
    expect(full.isError).toBe(true);
    expect(textOf(full)).toMatch(/refused|no such|not/i);
  });

  it('a rejected key is an authentication error that says so', async () => {
    const bad = await connectMcp(['mcp'], { env: { ...h.env, MASG_DEVELOPER_KEY: 'wrong-key-123456' } });
    try {
      const r = await bad.client.callTool({ name: 'list_publications', arguments: {} });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^Authentication failed/);
      expect(textOf(r)).toMatch(/rejected the credentials/);
      expect(bad.stdout().toString()).not.toContain('wrong-key-123456');
    } finally {
      await bad.close();
    }
  });

  it('a network failure says it may be retried', async () => {
    const down = await connectMcp(['--retries', '0', 'mcp'], { env: { ...h.env, MASG_BASE_URL: 'http://127.0.0.1:1' } });
    try {
      const r = await down.client.callTool({ name: 'list_advertisers', arguments: {} });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/may be retried/);
    } finally {
      await down.close();
    }
  });

  it("another account than the environment's is the CLI's refusal of MASG_EMAIL over several profiles", async () => {
    const r = await call('list_publications', { account: 'nosuch' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^Configuration problem\.\nMASG_EMAIL, MASG_DEVELOPER_KEY, MASG_TIMEZONE are set/);
  });
});

describe('masg mcp: the key in no byte', () => {
  it('stdout is only JSON-RPC, and neither stream holds the key in any form, even when a call echoes it', async () => {
    const key = h.env.MASG_DEVELOPER_KEY;
    // The key as an account name and as an ID: the errors quote what they were given.
    await mcp.client.callTool({ name: 'list_publications', arguments: { account: key } });
    await mcp.client.callTool({ name: 'get_publication', arguments: { id: key } });
    await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: key } });
    const out = mcp.stdout().toString('utf8');
    for (const line of out.split('\n').filter((l) => l !== '')) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    const forms = [key, basicCredentials(h.env.MASG_EMAIL, key), encodeURIComponent(key), JSON.stringify(key).slice(1, -1)];
    for (const form of forms) {
      expect(out).not.toContain(form);
      expect(mcp.stderr()).not.toContain(form);
    }
    expect(out).toContain('[REDACTED]');
  });
});
