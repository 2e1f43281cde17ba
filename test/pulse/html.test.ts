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
import { changeText } from '../../src/pulse/figures.js';
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

      // Issue 29 #17. The line charts have a y-axis from 0 with round ticks: 78 → 175 is not the whole height.
      const axes = await tab.$$eval('figure svg[aria-labelledby^="trend-"]', (els) =>
        els.map((e) => [...e.querySelectorAll('text[text-anchor="end"]')].map((t) => t.textContent!).filter((t) => !/-/.test(t))),
      );
      expect(axes).toHaveLength(2);
      for (const ticks of axes) {
        expect(ticks[0]).toBe('0');
        expect(ticks.length).toBeGreaterThanOrEqual(3);
      }
      // The baseline tick never crosses the figure written beside the bar.
      const crossings = await tab.$$eval('svg[aria-labelledby^="pubs-"], svg[aria-labelledby^="pacing-"]', (svgs) =>
        svgs.flatMap((svg) =>
          [...svg.querySelectorAll('line')].flatMap((line) => {
            const x = Number(line.getAttribute('x1'));
            const y1 = Number(line.getAttribute('y1'));
            const y2 = Number(line.getAttribute('y2'));
            return [...svg.querySelectorAll('text')]
              .map((t) => (t as SVGTextElement).getBBox())
              .filter((b) => b.x < x + 1 && b.x + b.width > x - 1 && b.y < y2 && b.y + b.height > y1)
              .map((b) => `${x} crosses a figure at ${b.x}`);
          }),
        ),
      );
      expect(crossings).toEqual([]);
      // A change within ±1 % is not painted green or red.
      const painted = await tab.$$eval('td.up, td.down', (els) =>
        els.map((e) => (e.textContent!.trim().endsWith('%') ? e : e.closest('tr')!.lastElementChild!).textContent!.trim()),
      );
      expect(painted.length).toBeGreaterThan(0);
      for (const text of painted) {
        if (text !== '–') expect(Math.abs(Number(text.replace(/[ %+]/g, ''))), text).toBeGreaterThanOrEqual(1);
      }
      // Messages print figures as the tables do (25,932.71, never 25932.71); a budget is not under "Baseline".
      const messages = await tab.$$eval('tbody tr td:last-child', (els) => els.map((e) => e.textContent!));
      for (const m of messages) expect(m.replace(/\d{4}-\d{2}-\d{2}/g, ''), m).not.toMatch(/\d{4}/);
      const budgetRows = await tab.$$eval('tr', (rows) =>
        rows.map((r) => r.textContent!).filter((t) => t.includes('budget') && t.startsWith('alert')),
      );
      expect(budgetRows.some((t) => t.includes('daily budget'))).toBe(true);
      expect(await tab.$$eval('thead th', (ths) => ths.map((t) => t.textContent))).toContain('Compared with');

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
