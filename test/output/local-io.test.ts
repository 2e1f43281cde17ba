// fs error → LocalIOError (exit 7): real errors from real system calls, not hand-made objects.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ExitCode, LocalIOError, NetworkError } from '../../src/core/errors.js';
import { asLocalIO, causeOf, fileErrno, localIOError } from '../../src/core/local-io.js';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );

describe('localIOError', () => {
  it('ENOSPC (a write to /dev/full): exit 7, the file and the cause in words, advice in the hint', async () => {
    const err = await failure(fs.writeFile('/dev/full', 'x'));
    const local = localIOError(err, '/data/export.csv', 'write', 'The earlier /data/export.csv is unchanged.');
    expect(local).toBeInstanceOf(LocalIOError);
    expect(local!.exitCode).toBe(ExitCode.LOCAL_IO);
    expect(local!.message).toBe('Cannot write /data/export.csv: no space left on the device (ENOSPC).');
    expect(local!.errno).toBe('ENOSPC');
    expect(local!.path).toBe('/data/export.csv');
    expect(local!.hint).toBe('Free some space on that disk, or choose a file on another one.\nThe earlier /data/export.csv is unchanged.');
  });

  it('EISDIR (writing over a folder) and ENOENT name their cause', async () => {
    const eisdir = await failure(fs.writeFile(tmpdir(), 'x'));
    expect(fileErrno(eisdir)).toBe('EISDIR');
    expect(localIOError(eisdir, tmpdir())!.message).toContain('it is a folder (EISDIR)');
    const enoent = await failure(fs.writeFile('/nonexistent-masg/x.csv', 'x'));
    expect(causeOf(enoent)).toBe('the folder does not exist (ENOENT)');
  });

  it("leaves everything else alone: network errors, masg's own errors, plain bugs", () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    expect(localIOError(reset, '/x')).toBeUndefined();
    const network = new NetworkError('timed out');
    expect(localIOError(network, '/x')).toBeUndefined();
    expect(asLocalIO(network, '/x')).toBe(network);
    const bug = new TypeError('x is undefined');
    expect(asLocalIO(bug, '/x')).toBe(bug);
  });

  it('an existing LocalIOError is kept as it is', () => {
    const local = new LocalIOError('Cannot write /a: full.', { path: '/a', errno: 'ENOSPC' });
    expect(localIOError(local, '/b')).toBe(local);
  });
});
