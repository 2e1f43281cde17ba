// The token file of `masg mcp --http` is read once per request: verifyToken reads it, and
// touchToken works from the entry that read gave. A token used this minute already costs no
// second read and no write; a new minute is one locked read-modify-write. Proved on the real
// file: with a directory where the file was, any read would fail (EISDIR).
import { mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createToken, readTokens, tokensPath, touchToken, verifyToken } from '../../src/config/mcp-tokens.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';

afterAll(() => removeTempDirs());

describe('the token file, once per request', () => {
  it('records the first use of a minute, then touches nothing within that minute', async () => {
    const dir = tempDir('masg-mcp-tokens-');
    const { token } = await createToken(dir, { name: 'alice', accounts: ['a'], readOnly: true });
    const now = new Date();
    const first = await verifyToken(dir, token, now);
    if (!first.ok) throw new Error(first.why);
    expect(first.token.lastUsed).toBeNull();
    await touchToken(dir, first.token, now);
    expect((await readTokens(dir))[0].lastUsed).toBe(now.toISOString());

    const again = await verifyToken(dir, token, now);
    if (!again.ok) throw new Error(again.why);
    // The file is moved aside and a directory put in its place: a read or a write now fails.
    const path = tokensPath(dir);
    renameSync(path, `${path}.kept`);
    mkdirSync(path);
    await expect(touchToken(dir, again.token, now)).resolves.toBeUndefined();
    expect(statSync(path).isDirectory()).toBe(true);
    expect(JSON.parse(readFileSync(`${path}.kept`, 'utf8')).tokens[0].lastUsed).toBe(now.toISOString());
  });

  it('a later minute is written, to the entry of that token only', async () => {
    const dir = tempDir('masg-mcp-tokens-');
    const { token } = await createToken(dir, { name: 'alice', accounts: ['a'], readOnly: true });
    await createToken(dir, { name: 'bob', accounts: ['a'], readOnly: false });
    const now = new Date();
    const verdict = await verifyToken(dir, token, now);
    if (!verdict.ok) throw new Error(verdict.why);
    await touchToken(dir, verdict.token, now);
    const later = new Date(now.getTime() + 60_000);
    await touchToken(dir, (await readTokens(dir))[0], later);
    const [alice, bob] = await readTokens(dir);
    expect(alice.lastUsed).toBe(later.toISOString());
    expect(bob.lastUsed).toBeNull();
  });
});
