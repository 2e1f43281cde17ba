// The pulse page in a real browser: Debian's chromium, headless, driven by playwright-core,
// offline and with every network request refused. No request may fail and nothing may be
// logged as an error; the figures on the page must equal the JSON; the page must print on A4.
// The screenshot is kept (test-output/pulse.png; MASG_DOCS_SCREENSHOT=1 also writes docs/pulse.png).
import { existsSync, mkdirSync, readFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';
import { changeText } from '../../src/pulse/screen.js';
import type { PulseReport } from '../../src/pulse/types.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`test/pulse/html.test.ts: skipped, ${CHROMIUM} is missing (apt-get install chromium; .ci/run does)`);

let h: PulseHarness;
let page: string;
let report: PulseReport;
beforeAll(async () => {
  h = await startPulseHarness();
  await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
  await h.sandbox.incident({ kind: 'earnings-drop', id: h.ids.publication, day: DAY, factor: 0.4 });
  await h.sandbox.incident({ kind: 'overspend', id: h.ids.campaign, day: DAY, factor: 4 });
  page = join(tempDir('masg-pulse-html-'), 'pulse.html');
  const run = await h.pulse(['--html', page]);
  expect(run.run.code).toBe(9);
  report = run.report;
}, 30_000);
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

/** The value at a dotted path of the report ("findings.0.value"). */
function at(path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], report);
}

test('the page is one self-contained file: no URL to load, no script', () => {
  const html = readFileSync(page, 'utf8');
  expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
  expect(html).not.toMatch(/(src|href)=/i);
  expect(html.match(/<svg /g)?.length).toBeGreaterThanOrEqual(4); // two trends, publications, pacing
});

test.skipIf(!hasChromium)(
  'in chromium, offline: no failed request, no console error, the figures equal the JSON, A4 print',
  async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const context = await browser.newContext({ offline: true, viewport: { width: 1000, height: 1400 } });
      const requests: string[] = [];
      const failed: string[] = [];
      const errors: string[] = [];
      await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
      const tab = await context.newPage();
      tab.on('request', (r) => requests.push(r.url()));
      tab.on('requestfailed', (r) => failed.push(r.url()));
      tab.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
      });
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' });
      expect(requests).toEqual([pathToFileURL(page).href]);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);

      // Every figure tagged with its JSON path shows that value (grouped with commas).
      const cells = await tab.$$eval('[data-key]', (els) => els.map((e) => [e.getAttribute('data-key')!, e.textContent!.trim()]));
      expect(cells.length).toBeGreaterThan(60);
      for (const [key, text] of cells) {
        const value = at(key);
        if (/(^|\.)change(\.|$)/.test(key)) expect(text, key).toBe(changeText(value as string | null));
        else if (key.endsWith('dailyUsed')) expect(text, key).toBe(value ?? '–');
        else expect(text.replace(/,/g, ''), key).toBe(String(value));
      }
      for (const key of ['publisher.earnings', 'publisher.requests', 'findings.0.name', 'campaigns.0.name']) {
        expect(
          cells.some(([k]) => k === key),
          key,
        ).toBe(true);
      }
      // Every chart has a text alternative.
      const charts = await tab.$$eval('svg', (els) =>
        els.map((e) => [e.getAttribute('role'), e.querySelector('title')?.textContent, e.querySelector('desc')?.textContent]),
      );
      for (const [role, title, desc] of charts) {
        expect(role).toBe('img');
        expect(title).toBeTruthy();
        expect(desc!.length).toBeGreaterThan(20);
      }

      const out = join(process.cwd(), 'test-output');
      mkdirSync(out, { recursive: true });
      await tab.screenshot({ path: join(out, 'pulse.png'), fullPage: true });
      if (process.env.MASG_DOCS_SCREENSHOT === '1') copyFileSync(join(out, 'pulse.png'), join(process.cwd(), 'docs', 'pulse.png'));
      const pdf = await tab.pdf({ format: 'A4', printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(4);
    } finally {
      await browser.close();
    }
  },
  60_000,
);
