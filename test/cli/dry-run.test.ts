// --dry-run goes through the SDK's { dryRun: true }: handlers describe their changes, reads a
// dry run needs are sent, and a change that reached the transport anyway would be refused.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Context } from '../../src/context.js';
import { calls, removeTempDirs, startHarness, tempDir, type Harness } from '../commands/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('--dry-run', () => {
  it('masg api -X POST: the request is printed, nothing is sent', async () => {
    h.mark();
    const run = await h.masg(['api', 'publication/create', '-X', 'POST', '-f', 'name=x', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`POST ${h.sandbox.url}/publication/create.xml`);
    expect(run.stdout).toMatch(/\n\nname=x\n$/);
    expect(h.sent()).toEqual([]);
  });

  it('login: the verification is printed, not sent, and no profile is saved', async () => {
    const configDir = tempDir('masg-dry-login-');
    const { MASG_EMAIL: email, MASG_DEVELOPER_KEY: key } = h.env;
    const login = (more: string[]) =>
      h.masg(['login', '--email', email!, '--key-stdin', '--timezone', 'UTC', ...more], {
        stdin: `${key}\n`,
        env: { MASG_CONFIG_DIR: configDir, MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined },
      });
    h.mark();
    const run = await login(['--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`GET ${h.sandbox.url}/advertisers/list.xml`);
    expect(run.stdout).not.toContain(key!);
    expect(h.sent()).toEqual([]);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
    // The same login without --dry-run verifies and saves.
    expect((await login([])).code).toBe(0);
    expect(calls(h.sent())).toEqual([['GET', '/advertisers/list.xml', {}]]);
    expect(existsSync(join(configDir, 'config.json'))).toBe(true);
  });

  it('reads are sent (a short ID), the change is only described', async () => {
    const [pub] = JSON.parse((await h.masg(['pub', 'list', '-o', 'json'])).stdout) as Array<{ id: string }>;
    h.mark();
    const run = await h.masg(['pub', 'update', pub!.id.slice(0, 6), '--description', 'dry', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`POST ${h.sandbox.url}/publication/${pub!.id}.xml`);
    expect(calls(h.sent())).toEqual([['GET', '/publication/list.xml', {}]]);
  });

  it('a change that reaches the transport without { dryRun: true } is refused before it is sent', async () => {
    const io = {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      stdin: new PassThrough(),
      env: { ...h.env },
      signal: new AbortController().signal,
    };
    const ctx = new Context(io, { header: true, color: 'never', timeout: 30, retries: 0, dryRun: true }, '0.0.0-test');
    try {
      const sdk = await ctx.sdk();
      h.mark();
      const error = await sdk
        .createPublication({ name: 'x', type: 'OTHER_APP', description: 'd', transparent: true })
        .catch((e: unknown) => e);
      expect(String(error)).toMatch(/--dry-run: masg was about to send POST \/publication\/create/);
      expect(h.sent()).toEqual([]);
      // Reads still go.
      expect((await sdk.listAdvertisers().toArray()).length).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });
});
