// The pulse on a real 80-column terminal (util-linux `script`, `stty cols 80`): a finding is a
// sentence, so it wraps and is never cut (no `…` inside a figure or a name); the header and the
// zone are whole; --wide shows every finding and campaign. Data: `--sandbox` in a fresh
// MASG_CONFIG_DIR, at a fixed instant: the demo's figures follow the date, and the Los Angeles
// yesterday of CLOCK (2026-11-29) has both the "Spring Sale" budget alerts and its spike watches.
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { hasFaketime } from '../helpers/fixed-clock.js';
import { hasScript, onTerminal as onPty } from '../helpers/pty.js';

const CLOCK = '2026-11-30 20:00:00';

let env: Record<string, string>;
beforeAll(() => {
  env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempDir('masg-home-'),
    MASG_CONFIG_DIR: tempDir('masg-pty-'),
    NO_COLOR: '1',
    TERM: 'xterm',
  };
});
afterAll(removeTempDirs);

/** `masg ARGS` on a pseudo-terminal `cols` wide: what the user sees, colours and spinner lines dropped. */
function onTerminal(cols: number, args: string[], environment = env): string {
  return (
    onPty(cols, args, environment, { timeout: 90_000, anyExit: true, clock: CLOCK })
      // eslint-disable-next-line no-control-regex
      .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
      .replace(/^.*⠋.*$/gm, '')
  );
}

const widest = (text: string) => Math.max(...text.split('\n').map((l) => stringWidth(l)));

describe.skipIf(!hasScript || !hasFaketime)('masg pulse at 80 columns', () => {
  it('findings wrap as sentences: no cut figure or name, header and zone whole; --wide shows them all', () => {
    const out = onTerminal(80, ['--sandbox', 'pulse', '--tz', 'America/Los_Angeles']);
    expect(out).toMatch(/Findings: \d+ alerts?/);
    const screen = out.slice(0, out.indexOf('masg: '));
    expect(widest(screen), screen).toBeLessThanOrEqual(80);
    expect(screen.replace(/^… and /gm, ''), screen).not.toContain('…');
    // The header: every word of it, the zone whole, read across its wrapped lines.
    const flat = screen.replace(/\s+/g, ' ');
    expect(flat).toMatch(/Pulse of 2026-11-29 \(Sun\) · America\/Los_Angeles · against \d+ comparable of the \d+ days before/);
    // Every finding's sentence is whole: its figures and its name, its budget after "overall budget".
    expect(flat).toMatch(/ALERT budget Campaign "Spring Sale": spend [\d,]+\.\d\d to date, overall budget [\d,]+\.\d\d/);
    // The spike watch, whole: CLOCK's day has one (the demo's spikes come on some days only).
    expect(flat).toMatch(/watch spike Campaign "Spring Sale": spend [\d,]+\.\d\d, baseline [\d,]+\.\d\d/);
    // A wrapped finding goes on under its sentence, not under its tag.
    const wrapped = screen.split('\n').findIndex((l) => /^ALERT budget .*overall budget$/.test(l) || /^ALERT budget .*to date,$/.test(l));
    if (wrapped >= 0) expect(screen.split('\n')[wrapped + 1]).toMatch(/^ {13}\S/);

    // --wide on the terminal: the same sentences (all of them; test/pulse/screen-wrap.test.ts counts them).
    const wide = onTerminal(80, ['--sandbox', '--wide', 'pulse', '--tz', 'America/Los_Angeles']);
    expect(wide.replace(/\s+/g, ' ')).toContain(flat.slice(0, flat.indexOf('Publisher')));
  }, 240_000);
});
