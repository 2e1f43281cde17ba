// Results are plain data. A statistics handler runs its report itself and writes it through its
// output port, returning `done`; render.ts writes only the small results (records, raw bodies,
// text). Which folder may import which is checked by dependency-cruiser (test/architecture/).
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Context, type GlobalOptions } from '../../src/context.js';
import { pubStats } from '../../src/commands/pub/stats.js';
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

describe('statistics handlers run their report and write it through the port', () => {
  it('writes the rows itself and returns plain data', async () => {
    const { ctx, text } = context({ output: 'csv' });
    try {
      h.mark();
      const result = await pubStats.run(ctx, { date: '2024-06-10', interval: 'day' }, []);
      expect(result).toEqual({ kind: 'done' });
      // Data survives a structured clone; a closure or an iterator would throw.
      expect(structuredClone(result)).toEqual(result);
      expect(statsCalls()).toHaveLength(1);
      const lines = text().trimEnd().split('\n');
      expect(lines[0]).toBe('date,publication,requests,impressions,clicks,earnings,currency');
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.slice(1).every((l) => l.startsWith('2024-06-10,'))).toBe(true);
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
      // Data: a structured clone (which throws on a function or an iterator) gives it back equal.
      expect(structuredClone(result)).toEqual(result);
      const requests = result.kind === 'dry-run' && 'plan' in result ? result.plan.requests : [];
      expect(requests.map((r) => r.text.split('\n')[0])).toEqual([
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
