// Choosing several accounts: `--profile a,b`, MASG_PROFILE=a,b and --all-profiles. Commands that
// change the service, or show one record, refuse a list before anything is sent (exit 2).
import { afterAll, describe, expect, it } from 'vitest';
import { accountList } from '../../src/config/account-list.js';
import { type Harness, removeTempDirs, tempDir, useHarness } from '../commands/harness.js';

let h: Harness;
useHarness((harness) => {
  h = harness;
});
afterAll(removeTempDirs);

describe('a list reaches only the commands built for several accounts', () => {
  it.each([
    [['--profile', 'a,b', 'pub', 'create', '--name', 'X', '--url', 'https://x.example', '--type', 'APP'], '--profile'],
    [['--all-profiles', 'adv', 'view', '1'], '--all-profiles'],
    [['login', '--profile', 'east,west'], '--profile'],
  ])('masg %j is exit 2 naming %s, nothing sent', async (argv, field) => {
    h.mark();
    const run = await h.masg(argv, { env: { MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(field);
    expect(run.stdout).toBe('');
    expect(h.sent()).toEqual([]);
  });

  it('MASG_PROFILE=a,b is a list too; one name stays the single account', async () => {
    h.mark();
    const run = await h.masg(['slot', 'create', '--publication', '1', '--name', 'x'], { env: { MASG_PROFILE: 'a,b' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/one account at a time; MASG_PROFILE names 2: a,b/);
    expect(h.sent()).toEqual([]);
  });
});

describe('accountList', () => {
  const dir = tempDir('masg-accounts-');
  it('is undefined for one profile, from any source', async () => {
    expect(await accountList({ profile: 'a' }, {}, dir)).toBeUndefined();
    expect(await accountList({}, { MASG_PROFILE: 'a' }, dir)).toBeUndefined();
    expect(await accountList({}, {}, dir)).toBeUndefined();
  });

  it('reads a list, the flag before the variable', async () => {
    expect(await accountList({ profile: 'a, b,c' }, { MASG_PROFILE: 'x,y' }, dir)).toEqual({ names: ['a', 'b', 'c'], source: '--profile' });
    expect(await accountList({}, { MASG_PROFILE: ' x,y ' }, dir)).toEqual({ names: ['x', 'y'], source: 'MASG_PROFILE' });
  });

  it('refuses an empty item, a name twice, a bad name, --all-profiles beside --profile, --sandbox', async () => {
    await expect(accountList({ profile: 'a,,b' }, {}, dir)).rejects.toThrow(/empty profile name/);
    await expect(accountList({ profile: 'a,b,a' }, {}, dir)).rejects.toThrow(/"a" is listed twice/);
    await expect(accountList({ profile: 'a,b c' }, {}, dir)).rejects.toThrow(/--profile must be/);
    await expect(accountList({ profile: 'a', allProfiles: true }, {}, dir)).rejects.toThrow(/Give one of them/);
    await expect(accountList({ profile: 'a,b', sandbox: true }, {}, dir)).rejects.toMatchObject({ exitCode: 2 });
  });

  it('--all-profiles with no saved profile is a configuration error (3)', async () => {
    await expect(accountList({ allProfiles: true }, {}, dir)).rejects.toMatchObject({ exitCode: 3 });
  });
});
