// The page of several accounts (--all-profiles --html) in Debian's chromium, headless and offline,
// as html.test.ts checks the page of one: no request but the file, no console error; the overview
// ranks the accounts as the JSON does, with the account without a report last; one section per
// account with a report, linked from the overview; every figure equals the JSON document; names
// from the service are text, never markup or terminal control; it prints on A4.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startAccountsHarness, DAY, HOSTILE, type AccountsHarness } from './accounts-helpers.js';
import { changeText } from '../../src/pulse/figures.js';
import { sanitizeStrings } from '../../src/output/sanitize.js';
import type { AccountsDocument } from '../../src/pulse/accounts.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`test/pulse/html-accounts.test.ts: skipped, ${CHROMIUM} is missing`);

let h: AccountsHarness;
let page: string;
let doc: AccountsDocument;
beforeAll(async () => {
  h = await startAccountsHarness();
  const run = await h.masg(['--all-profiles', 'pulse', '--date', DAY, '--html', join(h.dir, 'pulse-{date}.html'), '-o', 'json']);
  expect(run.code).toBe(8);
  doc = JSON.parse(run.stdout) as AccountsDocument;
  page = join(h.dir, `pulse-${DAY}.html`);
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** The value at a dotted path of the document ("reports.0.findings.1.value"), as the page shows names: sanitised. */
function at(path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], sanitizeStrings(doc));
}

test('one self-contained file, named after the day, with nothing of the hostile name but its text', () => {
  const html = readFileSync(page, 'utf8');
  expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
  expect(html).not.toMatch(/(src|href)=(?!"#account-\d+")/i);
  expect(html).not.toContain('<b>');
  expect(html).not.toContain('52;c;');
  // eslint-disable-next-line no-control-regex
  expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  expect(html).toContain('&#60;b&#62;Évian&#60;/b&#62; &#38; &#34;Co&#34;');
});

test.skipIf(!hasChromium)(
  'in chromium, offline: the ranked overview, a section per account, every figure equal to the JSON, A4 print',
  async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const context = await browser.newContext({ offline: true, viewport: { width: 1000, height: 1400 } });
      const requests: string[] = [];
      const errors: string[] = [];
      await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
      const tab = await context.newPage();
      tab.on('request', (r) => requests.push(r.url()));
      tab.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
      });
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' });
      expect(requests).toEqual([pathToFileURL(page).href]);
      expect(errors).toEqual([]);
      expect(await tab.title()).toMatch(/^Pulse of 4 accounts – \d+ alerts$/);

      // The overview: the accounts in the JSON's ranked order, the one without a report last.
      const names = await tab.$$eval('[data-key$=".account"][data-key^="accounts."]', (els) => els.map((e) => e.textContent!.trim()));
      expect(names).toEqual(doc.accounts.map((a) => a.account));
      expect(names.at(-1)).toBe('broken');
      const alerts = doc.accounts.filter((a) => a.status === 'ok').map((a) => a.alerts!);
      expect(alerts).toEqual([...alerts].sort((a, b) => b - a));
      expect(await tab.textContent('[data-key="accounts.3.status"]')).toMatch(/^No report: .*credentials.*\(exit 4\)$/);

      // One section per account with a report, in the overview's order, each linked from it.
      const sections = await tab.$$eval('section.account', (els) => els.map((e) => [e.id, e.querySelector('h2')!.textContent]));
      expect(sections.map(([, name]) => name)).toEqual(
        ['east', 'west', 'north'].filter((n) => names.includes(n)).sort((a, b) => names.indexOf(a) - names.indexOf(b)),
      );
      const links = await tab.$$eval('a[href^="#account-"]', (els) => els.map((e) => [e.getAttribute('href'), e.textContent]));
      expect(links).toEqual(sections.map(([id, name]) => [`#${id}`, name]));

      // Every figure tagged with its JSON path shows that value.
      const cells = await tab.$$eval('[data-key]', (els) => els.map((e) => [e.getAttribute('data-key')!, e.textContent!.trim()]));
      expect(cells.filter(([k]) => k.startsWith('reports.')).length).toBeGreaterThan(120);
      for (const [key, text] of cells) {
        if (key.startsWith('accounts.') && key.endsWith('.status')) continue;
        const value = at(key);
        if (/(^|\.)change(\.|$)/.test(key)) expect(text, key).toBe(changeText(value as string | null));
        else if (key.endsWith('dailyUsed')) expect(text, key).toBe(value ?? '–');
        else if (/^accounts\.\d+\.earnings\.value$/.test(key)) expect(text.replace(/,/g, ''), key).toBe(`${String(value)} USD`);
        else expect(text.replace(/,/g, ''), key).toBe(String(value));
      }
      // The planted faults are in their accounts' sections.
      const kinds = async (name: string) =>
        tab.$$eval(`section.account:has(h2:text-is("${name}")) [data-key$=".kind"]`, (els) => els.map((e) => e.textContent));
      expect(await kinds('east')).toContain('outage');
      expect(await kinds('west')).toContain('budget');
      expect(await kinds('east')).not.toContain('budget');
      expect(await kinds('west')).not.toContain('outage');
      // The hostile name is text: no element made of it, its markup shown as written.
      expect(await tab.$$('section b')).toEqual([]);
      const shown = await tab.$$eval('td', (els) => els.map((e) => e.textContent!));
      expect(shown.some((t) => t.includes(HOSTILE.slice(0, HOSTILE.indexOf('\u001b')).trimEnd()))).toBe(true);

      const out = join(process.cwd(), 'test-output');
      mkdirSync(out, { recursive: true });
      await tab.screenshot({ path: join(out, 'pulse-accounts.png'), fullPage: false });
      const pdf = await tab.pdf({ format: 'A4', printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await browser.close();
    }
  },
  90_000,
);
