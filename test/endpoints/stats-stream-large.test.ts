// A report at production scale (200,000 ad slot × country records, about 40 MB) parsed with flat
// memory: the live heap, measured after forced collections while records flow, must not grow
// with the records read. Retaining them would cost well over 50 MB here.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DecimalSum } from '../../src/core/decimal.js';
import { parseStatsStream } from '../../src/endpoints/stats-stream.js';
import { shapes } from './stats-stream-helpers.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const RECORDS = 200_000;
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'BR', 'IN', 'JP'];

/** The body, produced lazily in ~64 KB chunks, and the sums it should give. */
function largeBody(): { body: AsyncIterable<Uint8Array>; requests: bigint; earnings: string } {
  let requests = 0n;
  const earnings = new DecimalSum({ minScale: 2 });
  for (let n = 0; n < RECORDS; n++) {
    requests += BigInt(9_007_199_254_740_000 + (n % 1000)); // beyond 2^53: BigInt or bust
    earnings.add(`${n % 100}.${String(n % 97).padStart(2, '0')}`);
  }
  async function* body(): AsyncGenerator<Uint8Array> {
    const enc = new TextEncoder();
    let s = '<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n';
    for (let n = 0; n < RECORDS; n++) {
      if (n % 50 === 0) s += `${n === 0 ? '' : '</adslot>\n</publication>\n'}<publication>\n<id>p${n}</id>\n<adslot>\n<id>s${n}</id>\n`;
      s +=
        `<statistics>\n<country>${COUNTRIES[n % 10]}</country>\n<requests>${9_007_199_254_740_000n + BigInt(n % 1000)}</requests>\n` +
        `<impressions>${n % 5000}</impressions>\n<clicks>${n % 50}</clicks>\n<earnings>\n<currency>USD</currency>\n` +
        `<amount>${n % 100}.${String(n % 97).padStart(2, '0')}</amount>\n</earnings>\n</statistics>\n`;
      if (s.length > 65_536) {
        yield enc.encode(s);
        s = '';
      }
    }
    yield enc.encode(`${s}</adslot>\n</publication>\n</masg-response>\n`);
  }
  return { body: body(), requests, earnings: earnings.value() };
}

describe('a 200,000-record report', () => {
  it('streams with flat memory and exact sums', async () => {
    const { body, requests, earnings } = largeBody();
    const sums = { requests: 0n, earnings: new DecimalSum({ minScale: 2 }) };
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    const count = await parseStatsStream(body, shapes.pubsSlotsCountry, (r) => {
      sums.requests += BigInt(r.requests!);
      sums.earnings.add(r.earnings!);
    });
    expect(count).toBe(RECORDS);
    expect(sums.requests).toBe(requests);
    expect(sums.earnings.value()).toBe(earnings);
    // Sampled separately so that sampling does not slow the parse itself.
    const { body: again } = largeBody();
    let seen = 0;
    await parseStatsStream(again, shapes.pubsSlotsCountry, () => {
      if (++seen % 40_000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    });
    expect(peak).toBeLessThan(24 * 1024 * 1024);
  });
});
