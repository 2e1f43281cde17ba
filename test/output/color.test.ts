import { describe, expect, it } from 'vitest';
import { decideColor, type ColorFlag } from '../../src/output/index.js';

type Env = Record<string, string | undefined>;

describe('decideColor', () => {
  // Every combination of flag × NO_COLOR × FORCE_COLOR × TTY, against the rule written out:
  // flag wins, then NO_COLOR (non-empty), then FORCE_COLOR ('0'/'false' off), then the TTY.
  const flags: ColorFlag[] = ['auto', 'always', 'never'];
  const noColor = [undefined, '', '1'];
  const forceColor = [undefined, '', '0', 'false', '1', '3'];
  const ttys = [true, false];
  const cases = flags.flatMap((flag) =>
    noColor.flatMap((nc) => forceColor.flatMap((fc) => ttys.map((isTTY) => ({ flag, nc, fc, isTTY })))),
  );

  const expected = ({ flag, nc, fc, isTTY }: (typeof cases)[number]): boolean => {
    if (flag !== 'auto') return flag === 'always';
    if (nc) return false;
    if (fc !== undefined) return !['0', 'false'].includes(fc);
    return isTTY;
  };

  it.each(cases)('flag=$flag NO_COLOR=$nc FORCE_COLOR=$fc tty=$isTTY', (c) => {
    const env: Env = {};
    if (c.nc !== undefined) env.NO_COLOR = c.nc;
    if (c.fc !== undefined) env.FORCE_COLOR = c.fc;
    expect(decideColor({ flag: c.flag, env, isTTY: c.isTTY })).toBe(expected(c));
  });

  it('has no colour on a dumb terminal unless forced', () => {
    expect(decideColor({ flag: 'auto', env: { TERM: 'dumb' }, isTTY: true })).toBe(false);
    expect(decideColor({ flag: 'auto', env: { TERM: 'dumb', FORCE_COLOR: '1' }, isTTY: true })).toBe(true);
    expect(decideColor({ env: {}, isTTY: true })).toBe(true);
  });
});
