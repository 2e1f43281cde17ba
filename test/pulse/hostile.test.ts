// Issue 25 #5: names from the service are data, never terminal control, in every output of the
// pulse: the screen, the JSON on a terminal, the HTML page, progress lines, notices and errors.
// The sandbox's names carry OSC 52 (clipboard write), OSC 0 (window title), a CSI screen clear,
// C1 controls and a bidi override; none of them may reach a terminal or the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';
import type { SandboxState } from '../../src/sandbox/types.js';

const OSC52 = '\u001b]52;c;aGFja2Vk\u0007';
const OSC0 = '\u001b]0;PWNED TITLE\u0007';
const CLEAR = '\u001b[2J\u001b[H';
const C1 = '\u009b2J\u009d0;C1 TITLE\u009c\u0085';
const BIDI = '\u202e';

/** Fragments of the payloads: none may appear in what a terminal or the page gets. */
const PAYLOADS = ['52;c;', 'PWNED TITLE', '\u001b[2J', '\u001b[H', '\u009b', '\u009d', '\u009c', '\u0085', 'C1 TITLE', BIDI];
/** Any control character but tab and newline, after our own colour codes (SGR) are removed. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const withoutSgr = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

function expectClean(text: string, where: string): void {
  for (const p of PAYLOADS) expect(text.includes(p), `${where} holds ${JSON.stringify(p)}`).toBe(false);
  expect(withoutSgr(text), where).not.toMatch(CONTROL);
}

function hostile(state: SandboxState, also: (state: SandboxState) => void = () => {}): void {
  const cafe = state.publications.find((p) => p.name === 'Café Olé Mobile')!;
  state.publications.find((p) => p.name === 'Weather 😀 Now')!.name += ` ${OSC52}x`;
  state.adslots.find((s) => s.name === 'Header banner' && s.publication === cafe.id)!.name += ` ${OSC0}${CLEAR}y`;
  state.campaigns.find((c) => c.name === 'Spring Sale')!.name += ` ${C1}${BIDI}z`;
  also(state);
}

let h: PulseHarness;
beforeAll(async () => {
  h = await startPulseHarness((state) => hostile(state));
  await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
  await h.sandbox.incident({ kind: 'earnings-drop', id: h.ids.publication, day: DAY, factor: 0.4 });
  await h.sandbox.incident({ kind: 'overspend', id: h.ids.campaign, day: DAY, factor: 4 });
}, 30_000);
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('hostile names in the pulse', () => {
  test('piped JSON keeps the names as sent: data is complete where no terminal reads it', async () => {
    const { run, report } = await h.pulse();
    expect(run.code).toBe(9);
    const names = report.findings.map((f) => f.name);
    expect(names).toContain(`Header banner ${OSC0}${CLEAR}y`);
    expect(names).toContain(`Spring Sale ${C1}${BIDI}z`);
  });

  test('the screen on a terminal: the names shown, their controls gone; stderr (progress, the alert count) too', async () => {
    const run = await h.masg(['pulse', '--date', DAY, '--color', 'always'], { tty: true, columns: 100 });
    expect(run.code).toBe(9);
    expectClean(run.stdout, 'stdout');
    expect(run.stdout).toContain('Header banner');
    expect(run.stdout).toContain('Spring Sale');
    expect(run.stdout).toContain('Weather 😀 Now');
    for (const p of PAYLOADS) expect(run.stderr.includes(p), `stderr holds ${JSON.stringify(p)}`).toBe(false);
  });

  test('piped screen text: no control character either (a pipe to less -R or a mail is read on a terminal)', async () => {
    const run = await h.masg(['pulse', '--date', DAY]);
    expect(run.code).toBe(9);
    expectClean(run.stdout, 'stdout');
  });

  test('-o json on a terminal: every control character shown as \\uXXXX, the JSON still valid', async () => {
    const run = await h.masg(['pulse', '--date', DAY, '-o', 'json'], { tty: true });
    expect(run.code).toBe(9);
    expect(run.stdout).not.toMatch(CONTROL);
    expect(run.stdout).toContain('\\u009b2J');
    const names = (JSON.parse(run.stdout) as { findings: Array<{ name: string }> }).findings.map((f) => f.name);
    expect(names).toContain(`Spring Sale ${C1}${BIDI}z`);
  });

  test('the HTML page holds no control character; the names are there', async () => {
    const page = join(tempDir(), 'pulse.html');
    const run = await h.masg(['pulse', '--date', DAY, '--html', page]);
    expect(run.code).toBe(9);
    const html = readFileSync(page, 'utf8');
    expectClean(html, 'the page');
    expect(html).toContain('Header banner');
    expect(html).toContain('Spring Sale');
  });
});

describe('an error that quotes a hostile name', () => {
  let bad: PulseHarness;
  beforeAll(async () => {
    // A budget the pulse cannot read: its refusal names the campaign.
    bad = await startPulseHarness((state) =>
      hostile(state, (s) => void (s.campaigns.find((c) => c.name.startsWith('Spring Sale'))!.dailyBudgetWeekday = '1,500.00')),
    );
  }, 30_000);
  afterAll(() => bad.close());

  test('on a terminal: the message names the campaign, its controls gone (exit 6)', async () => {
    const run = await bad.masg(['pulse', '--date', DAY], { tty: true });
    expect(run.code).toBe(6);
    const unwrapped = run.stderr.replace(/\n\s*/g, ' ');
    expect(unwrapped).toContain('"1,500.00" as dailyBudgetWeekday');
    expect(unwrapped).toContain('campaign "Spring Sale');
    for (const p of PAYLOADS) expect(run.stderr.includes(p), `stderr holds ${JSON.stringify(p)}`).toBe(false);
    // The message itself (a spinner may have drawn before it, with its own cursor codes, on a slow machine).
    const message = run.stderr.slice(run.stderr.indexOf('masg:'));
    expectClean(message, 'the message');
  });

  test('-o json on a terminal: the error JSON on stderr escapes C1 and bidi controls too', async () => {
    const run = await bad.masg(['pulse', '--date', DAY, '-o', 'json'], { tty: true });
    expect(run.code).toBe(6);
    const start = run.stderr.indexOf('{"error"');
    const line = run.stderr.slice(start, run.stderr.indexOf('\n', start));
    expect(line).not.toMatch(CONTROL);
    expect((JSON.parse(line) as { error: { message: string } }).error.message).toContain(`Spring Sale ${C1}${BIDI}z`);
  });

  test('the same error piped (no terminal): sanitised text in the message all the same', async () => {
    const run = await bad.masg(['pulse', '--date', DAY]);
    expect(run.code).toBe(6);
    expectClean(run.stderr, 'stderr');
  });
});
