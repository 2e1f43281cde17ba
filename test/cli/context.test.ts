import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Context, type GlobalOptions, type Io } from '../../src/context.js';

const globals: GlobalOptions = { header: true, color: 'never', timeout: 30, retries: 0 };

function io(columns: number | undefined, isTTY: boolean): Io {
  const stdout = Object.assign(new PassThrough(), { isTTY, columns });
  return { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, signal: new AbortController().signal };
}

describe('output settings', () => {
  it('uses the terminal width when the terminal reports one', async () => {
    expect((await new Context(io(132, true), globals, '0').outputSettings()).width).toBe(132);
  });

  it('treats a terminal that reports 0 columns (script, CI pseudo-terminals) as of unknown width', async () => {
    // A width of 0 folded a 14-day chart into one mark and squeezed every table column.
    expect((await new Context(io(0, true), globals, '0').outputSettings()).width).toBeUndefined();
  });

  it('never limits the width when stdout is not a terminal', async () => {
    const settings = await new Context(io(132, false), globals, '0').outputSettings();
    expect(settings).toMatchObject({ width: undefined, format: 'tsv', color: false });
  });
});
