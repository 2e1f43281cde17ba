import { describe, expect, it } from 'vitest';
import { restartWith, type ProcessFacts } from '../../src/core/restart.js';

function facts(over: Partial<ProcessFacts> = {}) {
  const calls: Array<[string, string[]]> = [];
  const proc: ProcessFacts = {
    execPath: '/usr/bin/node',
    execArgv: ['--enable-source-maps'],
    argv: ['/usr/bin/node', '/opt/masg/bin/masg.js', 'sync', '--db', 'x.duckdb'],
    env: {},
    execve: ((file: string, args: string[]) => {
      calls.push([file, args]);
    }) as unknown as ProcessFacts['execve'],
    ...over,
  };
  return { proc, calls };
}

describe('restartWith', () => {
  it('re-runs the same script and arguments with the missing flag first', () => {
    const { proc, calls } = facts();
    restartWith(proc, ['--max-semi-space-size=8']);
    expect(calls).toEqual([
      [
        '/usr/bin/node',
        ['/usr/bin/node', '--max-semi-space-size=8', '--enable-source-maps', '/opt/masg/bin/masg.js', 'sync', '--db', 'x.duckdb'],
      ],
    ]);
  });

  it('never restarts when the flag is already set, by the first run or by the user', () => {
    for (const over of [
      { execArgv: ['--max-semi-space-size=8'] },
      { execArgv: ['--max-semi-space-size=32'] },
      { env: { NODE_OPTIONS: '--inspect --max-semi-space-size=64' } },
    ]) {
      const { proc, calls } = facts(over);
      restartWith(proc, ['--max-semi-space-size=8']);
      expect(calls).toEqual([]);
    }
  });

  it('lets the command run on when the process cannot be replaced', () => {
    const execve = (() => {
      throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
    }) as unknown as ProcessFacts['execve'];
    expect(() => restartWith(facts({ execve }).proc, ['--max-semi-space-size=8'])).not.toThrow();
  });

  it('does nothing where Node has no process.execve (Node 20)', () => {
    expect(() => restartWith(facts({ execve: undefined }).proc, ['--max-semi-space-size=8'])).not.toThrow();
  });
});
