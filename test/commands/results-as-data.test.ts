// Handlers return data; render.ts writes it. A statistics handler returns the report without
// running it (nothing of the report is sent until render runs it), and bulk plans come back as
// text. Which folder may import which is checked by dependency-cruiser (test/architecture/).
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Context, type GlobalOptions } from '../../src/context.js';
import { pubStats } from '../../src/commands/pub/stats.js';
import { render } from '../../src/commands/render.js';
import type { Row } from '../../src/output/types.js';
import { removeTempDirs, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

function context(globals: Partial<GlobalOptions> = {}) {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  const io = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: { ...h.env }, signal: new AbortController().signal };
  const ctx = new Context(io, { header: true, color: 'never', timeout: 30, retries: 0, ...globals }, '0.0.0-test');
  return { ctx, text: () => Buffer.concat(chunks).toString('utf8') };
}

const statsCalls = () => h.sent().filter((r) => r.path.includes('statistics'));

describe('statistics handlers return the report as data', () => {
  it('returns a report without running it; render runs it', async () => {
    const { ctx, text } = context({ output: 'csv' });
    try {
      h.mark();
      const result = await pubStats.run(ctx, { date: '2024-06-10', interval: 'day' }, []);
      expect(result.kind).toBe('report');
      expect(statsCalls()).toEqual([]);
      // The report can be run by anyone holding it: rows in order, IDs filled in.
      if (result.kind !== 'report') return;
      const rows: Row[] = [];
      const count = await result.run((row) => void rows.push(row));
      expect(count).toBe(rows.length);
      expect(rows.every((r) => r.date === '2024-06-10' && typeof r.publication === 'string')).toBe(true);
      expect(statsCalls()).toHaveLength(1);
      await render(ctx, result);
      expect(text().split('\n')[0]).toBe('date,publication,requests,impressions,clicks,earnings,currency');
      expect(statsCalls()).toHaveLength(2);
    } finally {
      await ctx.close();
    }
  });

  it('--dry-run: the requests are described, the result says so, nothing is sent', async () => {
    const { ctx, text } = context({ dryRun: true });
    try {
      h.mark();
      const result = await pubStats.run(ctx, { from: '2024-06-10', to: '2024-06-11', interval: 'day' }, []);
      // The descriptions are the result's data (render prints them); the handler printed nothing.
      expect(result.kind).toBe('dry-run');
      const requests = result.kind === 'dry-run' ? result.requests : [];
      expect(requests.map((r) => r.split('\n')[0])).toEqual([
        expect.stringMatching(/^GET .*start=2024061000&end=2024061023/),
        expect.stringMatching(/^GET .*start=2024061100&end=2024061123/),
      ]);
      expect(text()).toBe('');
      expect(h.sent()).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('statistics --raw', () => {
  it("prints the service's body of a one-piece report as received", async () => {
    h.mark();
    const run = await h.masg(['pub', 'stats', '--date', '2024-06-10', '--raw']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^<\?xml|^<[a-zA-Z]/);
    expect(run.stdout).toContain('</');
    expect(statsCalls()).toHaveLength(1);
  });

  it('refuses a split report before sending (exit 2)', async () => {
    h.mark();
    const run = await h.masg(['pub', 'stats', '--from', '2024-06-10', '--to', '2024-06-11', '--interval', 'day', '--raw']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--raw prints one response body');
    expect(h.sent()).toEqual([]);
  });
});
