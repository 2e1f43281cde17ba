// One account's screen and page stay byte for byte what they were before pulse learned several
// accounts: the fixtures were rendered from one report (test/pulse/fixtures/one-account.json, the
// demo account with the three faults of html.test.ts) by the release before, and are compared here.
import { readFileSync } from 'node:fs';
import { Chalk } from 'chalk';
import { beforeAll, expect, test } from 'vitest';
import { renderHtml } from '../../src/pulse/html.js';
import { renderScreen } from '../../src/pulse/screen.js';
import { loadWidth } from '../../src/output/width.js';
import type { PulseReport } from '../../src/pulse/types.js';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const report = JSON.parse(fixture('one-account.json')) as PulseReport;
beforeAll(loadWidth);

test('the page of one account is unchanged', () => {
  expect(renderHtml(report)).toBe(fixture('one-account.html'));
});

test('the screen of one account is unchanged, piped and on a coloured 72-column terminal', () => {
  expect(renderScreen(report, { chalk: new Chalk({ level: 0 }) })).toBe(fixture('one-account.txt'));
  expect(renderScreen(report, { chalk: new Chalk({ level: 1 }), width: 72 })).toBe(fixture('one-account.tty.txt'));
});
