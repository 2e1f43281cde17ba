// What `masg pulse --notify` tells people: each alert that is new since the last run of the same
// account and day, and each alert of that day that has cleared. Pure: the state (what was said
// before) and the report in, the changes, the payload and the next state out. src/pulse/
// notify-post.ts sends it; the command keeps the state in the configuration folder.
import { createHash } from 'node:crypto';
import { sanitizeStrings } from '../output/sanitize.js';
import type { Finding, PulseReport } from './types.js';

/** What was said about one alert, kept to say that it cleared. */
export interface SaidAlert {
  kind: Finding['kind'];
  entity: Finding['entity'];
  id: string | null;
  name: string;
  metric: string;
  message: string;
}

/** The notification state of one account: day → finding key → the alert as it was posted. */
export interface NotifyState {
  version: 1;
  account: string;
  days: Record<string, Record<string, SaidAlert>>;
}

export interface Changes {
  date: string;
  /** Alerts not posted before for this account and day. */
  raised: Finding[];
  /** Alerts posted before for this day that are no alert now. */
  cleared: SaidAlert[];
}

/** Days kept in the state: a re-run of an older day posts its alerts again, as a first run would. */
const KEPT_DAYS = 100;

/** One finding, whatever its figures: the same alert on a re-run has the same key. */
export function findingKey(
  f: Pick<Finding, 'kind' | 'entity' | 'id' | 'metric'> & { budget?: Finding['budget']; restated?: Finding['restated'] },
): string {
  // A restatement is one event: its day, side and the sync run that saw it.
  const r = f.restated;
  return [f.kind, f.entity, f.id ?? '', f.metric, f.budget ?? '', ...(r ? [r.date, r.side, r.runId] : [])].join(' ');
}

export function emptyState(account: string): NotifyState {
  return { version: 1, account, days: {} };
}

/** The state from its file's text; anything unreadable is a fresh start (alerts are posted again, never lost). */
export function parseState(text: string | undefined, account: string): NotifyState {
  if (text === undefined) return emptyState(account);
  try {
    const parsed = JSON.parse(text) as NotifyState;
    if (parsed.version === 1 && parsed.account === account && typeof parsed.days === 'object' && parsed.days !== null) return parsed;
  } catch {
    // fall through
  }
  return emptyState(account);
}

export function changesOf(report: PulseReport, state: NotifyState): Changes {
  const before = state.days[report.date] ?? {};
  const alerts = report.findings.filter((f) => f.severity === 'alert');
  const now = new Set(alerts.map(findingKey));
  return {
    date: report.date,
    // A restatement is posted once, whichever day's pulse names it first (it stays in the comparison for days).
    raised: alerts.filter((f) => !(findingKey(f) in before) && !(f.kind === 'restatement' && saidOnAnyDay(state, findingKey(f)))),
    cleared: Object.entries(before)
      .filter(([key]) => !now.has(key))
      .map(([, said]) => said),
  };
}

const saidOnAnyDay = (state: NotifyState, key: string) => Object.values(state.days).some((day) => key in day);

export const hasChanges = (c: Changes) => c.raised.length + c.cleared.length > 0;

/**
 * The Idempotency-Key of a post: the account, the day and which alerts were raised and cleared,
 * whatever their figures, so every post of the same change (a retry, the next run's post of a
 * change that surely failed) carries the same key and a receiver can drop a repeat.
 */
export function changeKey(account: string, c: Changes): string {
  const cleared = c.cleared.map((s) => [s.kind, s.entity, s.id ?? '', s.metric, s.name].join(' '));
  const what = JSON.stringify([account, c.date, c.raised.map(findingKey).sort(), cleared.sort()]);
  return `masg-pulse-${createHash('sha256').update(what).digest('hex').slice(0, 32)}`;
}

/** The state once `report`'s alerts were posted: the day's alerts as they are now, the oldest days dropped. */
export function nextState(report: PulseReport, state: NotifyState): NotifyState {
  const day: Record<string, SaidAlert> = {};
  for (const f of report.findings.filter((x) => x.severity === 'alert')) {
    day[findingKey(f)] = { kind: f.kind, entity: f.entity, id: f.id, name: f.name, metric: f.metric, message: f.message };
  }
  const days = { ...state.days, [report.date]: day };
  const kept = Object.keys(days).sort().slice(-KEPT_DAYS);
  return { ...state, days: Object.fromEntries(kept.map((d) => [d, days[d]])) };
}

/** Slack's mrkdwn treats & < > as markup (links, mentions): names are data. */
export const escapeMrkdwn = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const WHAT: Record<string, string> = { account: 'The account', publication: 'Publication', adslot: 'Ad slot', campaign: 'Campaign' };

function summary(c: Changes, account: string | null): string {
  const parts = [
    c.raised.length > 0 ? `${c.raised.length} new alert${c.raised.length === 1 ? '' : 's'}` : '',
    c.cleared.length > 0 ? `${c.cleared.length} cleared` : '',
  ].filter(Boolean);
  return `masg pulse of ${c.date}${account ? ` for ${account}` : ''}: ${parts.join(', ')}`;
}

/** An incoming-webhook payload Slack (and Mattermost, Rocket.Chat…) accepts: `text` and `blocks`. */
export function slackPayload(changes: Changes, account: string | null): { text: string; blocks: unknown[] } {
  const c = sanitizeStrings(changes);
  const who = (x: { entity: string; name: string }) =>
    x.entity === 'account' ? 'The account' : `${WHAT[x.entity]} *${escapeMrkdwn(x.name)}*`;
  const lines = [
    ...c.raised.map((f) => `:red_circle: *ALERT* ${f.kind}: ${escapeMrkdwn(f.message)}`),
    ...c.cleared.map((s) => `:large_green_circle: *cleared* ${s.kind} (${s.metric}): ${who(s)}`),
  ];
  const text = escapeMrkdwn(summary(c, account === null ? null : sanitizeStrings(account)));
  // A section's text is at most 3,000 characters: one block per line.
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${text}*` } },
      ...lines.map((line) => ({ type: 'section', text: { type: 'mrkdwn', text: line.slice(0, 3000) } })),
    ],
  };
}

/** `--notify-format json`: the pulse's JSON contract, with the changes that caused the post. */
export function jsonPayload(report: PulseReport, changes: Changes): PulseReport & { changes: { raised: Finding[]; cleared: SaidAlert[] } } {
  return { ...report, changes: { raised: changes.raised, cleared: changes.cleared } };
}
