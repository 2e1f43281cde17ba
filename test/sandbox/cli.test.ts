import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { runSandboxCommand, sandboxOptions } from '../../src/sandbox/cli.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d) => (text += d));
  return { stream, text: () => text };
}

describe('masg sandbox (runSandboxCommand)', () => {
  it('prints the URL, both accounts and a curl example, serves until the signal fires', async () => {
    const out = capture();
    const err = capture();
    const ac = new AbortController();
    const running = runSandboxCommand({ port: '0' }, { stdout: out.stream, stderr: err.stream, signal: ac.signal });
    await expect.poll(() => out.text()).toContain('listening on');
    const url = /listening on (\S+)/.exec(out.text())![1]!;
    expect(out.text()).toContain('demo@sandbox.masg.test  key: demo-developer-key');
    expect(out.text()).toContain('other@sandbox.masg.test  key: other:developer-key  time zone: Europe/Berlin');
    // Each account's zone, which masg must be told (MASG_TIMEZONE or login --timezone): no endpoint says it.
    expect(out.text()).toContain('demo-developer-key  time zone: America/New_York');
    expect(out.text()).toContain('MASG_TIMEZONE=America/New_York masg pub stats --date yesterday');
    expect(out.text()).toContain(`curl -u 'demo@sandbox.masg.test:demo-developer-key' ${url}/publication/list.xml`);
    const r = await fetch(`${url}/publication/list.xml`, {
      headers: { authorization: `Basic ${Buffer.from('demo@sandbox.masg.test:demo-developer-key').toString('base64')}` },
    });
    expect(r.status).toBe(200);
    ac.abort();
    await running;
    expect(err.text()).toContain('stopped');
    await expect(fetch(`${url}/publication/list.xml`)).rejects.toThrow();
  });

  it('turns option strings into sandbox options', () => {
    expect(sandboxOptions({ port: '8080', seed: '3', latency: '100-800', faults: '503=0.2', scale: '2000x5' })).toMatchObject({
      port: 8080,
      seed: 3,
      latencyMs: [100, 800],
      faults: { rates: { '503': 0.2 } },
      scale: { publications: 2000, slotsPerPublication: 5 },
    });
    expect(sandboxOptions({ scale: '10x2x12' }).scale).toEqual({ publications: 10, slotsPerPublication: 2, countries: 12 });
    expect(sandboxOptions({})).toMatchObject({ host: '127.0.0.1', port: 0, seed: 1 });
  });

  it.each([{ port: 'http' }, { port: '70000' }, { seed: '-1' }, { latency: 'slow' }, { faults: 'kaboom' }, { scale: '2000' }])(
    'refuses %j with a UsageError',
    (o) => {
      expect(() => sandboxOptions(o)).toThrow(UsageError);
    },
  );
});
