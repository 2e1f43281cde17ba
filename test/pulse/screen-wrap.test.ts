// The pulse screen on a terminal: findings are sentences, wrapped at spaces and never cut; --wide
// shows every finding and every campaign, not the first few. (On a real terminal:
// test/e2e/pty-pulse.test.ts.)
import { Chalk } from 'chalk';
import { describe, expect, test } from 'vitest';
import { analysePulse, type PulseInput } from '../../src/index.js';
import { loadWidth, wrapSentence } from '../../src/output/width.js';
import { baselineDates } from '../../src/pulse/days.js';
import { renderScreen } from '../../src/pulse/screen.js';
import { DAY } from './helpers.js';

const chalk = new Chalk({ level: 0 });

function report() {
  const row = (date: string) => ({
    date,
    publication: 'p1',
    adslot: 's1',
    requests: '10000',
    impressions: '8000',
    clicks: '100',
    earnings: '20.00',
  });
  const campaign = (i: number) => ({
    id: `c${i}`,
    name: `A rather long campaign name number ${i}`,
    status: 'ACTIVE',
    startDate: '2024-05-01T00:00',
    endDate: '2024-06-30T23:59',
    dailyBudget: '50.00',
    overallBudget: '1500.00',
    spentToDate: '25932.71',
  });
  const campaigns = Array.from({ length: 5 }, (_, i) => campaign(i));
  const input: PulseInput = {
    date: DAY,
    baselineDays: 7,
    publisher: [...baselineDates(DAY, 7), DAY].map(row),
    campaignStats: campaigns.flatMap((c) =>
      [...baselineDates(DAY, 7), DAY].map((date) => ({
        date,
        campaign: c.id,
        impressions: '1000',
        clicks: '10',
        conversions: '1',
        spend: '181.77',
      })),
    ),
    publications: [{ id: 'p1', name: 'Pub One', status: 'ACTIVE' }],
    adslots: [{ id: 's1', name: 'Slot One', publication: 'p1' }],
    campaigns,
  };
  return { ...analysePulse(input), timeZone: 'America/Los_Angeles' };
}

describe('wrapSentence', () => {
  test('breaks at spaces only, keeps a quoted name on one line, never cuts a long word', async () => {
    await loadWidth();
    expect(wrapSentence('Campaign "Spring Sale": spend 25,130.60 to date', 24)).toEqual([
      'Campaign "Spring Sale":',
      'spend 25,130.60 to date',
    ]);
    expect(wrapSentence('a 1,234,567,890.12 b', 5)).toEqual(['a', '1,234,567,890.12', 'b']);
    expect(wrapSentence('short', 80)).toEqual(['short']);
  });
});

describe('the screen at 80 columns', () => {
  test('every finding whole across its lines; nothing cut', async () => {
    await loadWidth();
    const r = report();
    const screen = renderScreen(r, { chalk, width: 80 });
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(screen.replace(/^… and /gm, '')).not.toContain('…');
    const flat = screen.replace(/\s+/g, ' ');
    expect(flat).toContain('America/Los_Angeles · against 5 comparable of the 7 days before');
    expect(flat).toContain('Campaign "A rather long campaign name number 0": spend 25,932.71 to date, overall budget 1,500.00');
  });

  test('--wide shows every finding and campaign; without it the rest is counted and --wide named', async () => {
    await loadWidth();
    const r = report();
    expect(r.findings.length).toBeGreaterThan(8);
    const tags = (text: string) => text.split('\n').filter((l) => /^(ALERT|watch) /.test(l)).length;
    const narrow = renderScreen(r, { chalk, width: 80 });
    expect(tags(narrow)).toBe(8);
    expect(narrow).toContain(`… and ${r.findings.length - 8} more: --wide, -o json or --html for all.`);
    const wide = renderScreen(r, { chalk, width: 80, wide: true });
    expect(tags(wide)).toBe(r.findings.length);
    for (const c of r.campaigns) expect(wide).toContain(`${c.name}: spend`);
    expect(wide).not.toContain('more');
  });
});
