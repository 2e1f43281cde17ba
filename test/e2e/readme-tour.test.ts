// The README's quick tour run as a new user would: the built binary (bin/masg.cjs → dist/cli.js;
// `npm run test:e2e` builds first), a fresh HOME, no config and no account, nine runs in a row
// against the sandbox state they share. A whole-binary scenario: the slow tier (vitest.tiers.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs, tempDir } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A new user's environment: a fresh HOME and no XDG folders set, as on most machines. */
function freshEnv(): Record<string, string | undefined> {
  return { HOME: tempDir('masg-home-'), XDG_CONFIG_HOME: undefined, XDG_DATA_HOME: undefined };
}

async function masg(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = spawnMasg(args, { cwd: ROOT, env });
  return { code: await run.exited, stdout: run.stdout(), stderr: run.stderr() };
}

afterAll(removeTempDirs);
beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'cli.js')))
    throw new Error('dist/cli.js is missing: run `npx tsc -p tsconfig.json` (npm run test:e2e does it) first');
});

describe("the README's quick tour, as a new user (fresh HOME, no config, no account)", () => {
  it('pub list, pub create, slot list -o csv, adv list, campaign list, campaign view', async () => {
    const env = freshEnv();
    const tour = (args: string[]) => masg(['--sandbox', ...args], env);

    const list = await tour(['pub', 'list']);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout.split('\n')[0]).toMatch(/^id\tname\t/);

    const created = await tour([
      'pub',
      'create',
      '--name',
      'Daily News',
      '--type',
      'MOBILE_SITE',
      '--url',
      'https://m.example.com',
      '--description',
      'News for commuters',
      '--transparent',
      'false',
    ]);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toContain('Daily News');
    // State is kept between runs under the XDG config dir of the new HOME.
    expect(existsSync(join(env.HOME!, '.config', 'masg', 'sandbox', 'state.json'))).toBe(true);
    expect((await tour(['pub', 'list'])).stdout).toContain('Daily News');

    const slots = await tour(['slot', 'list', '-o', 'csv']);
    expect(slots).toMatchObject({ code: 0, stderr: '' });
    expect((await parseCsv(slots.stdout))[0]).toEqual(['id', 'publication', 'name', 'formats', 'tags']);

    const pubId = (await parseCsv(slots.stdout))[1]![1]!;
    const ofOne = await tour(['slot', 'list', pubId.slice(0, 4), '-o', 'csv']);
    expect(ofOne).toMatchObject({ code: 0, stderr: '' });
    expect(ofOne.stdout.trim().split('\n').length).toBeGreaterThan(1);
    expect((await tour(['campaign', 'list'])).code).toBe(0);

    const advertisers = await parseCsv((await tour(['adv', 'list', '-o', 'csv'])).stdout);
    const advertiserId = advertisers[1]![0]!;
    const campaigns = await tour(['campaign', 'list', advertiserId, '-o', 'json']);
    expect(campaigns.code).toBe(0);
    const campaign = JSON.parse(campaigns.stdout)[0];
    const view = await tour(['campaign', 'view', campaign.id]);
    expect(view).toMatchObject({ code: 0, stderr: '' });
    expect(view.stdout).toContain(campaign.name);
  });
});
