// Chunk boundaries must not matter: a reference, a surrogate pair of references, a UTF-8
// sequence or a tag cut between two network reads gives the same records as the whole body.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StatsRecord, StatsShape } from '../../src/endpoints/stats-shapes.js';
import { everyBytes, fixture, pieces, records, shapes } from './stats-stream-helpers.js';

const SHAPE_OF: [RegExp, StatsShape][] = [
  [/^campaign/, shapes.campaign],
  [/^adslot-bycountry/, shapes.slotCountry],
  [/^adslot/, shapes.slot],
  [/^error/, shapes.pubs],
  [/./, shapes.pubsSlotsCountry],
];
const shapeOf = (name: string): StatsShape => SHAPE_OF.find(([re]) => re.test(name))![1];

type Outcome = StatsRecord[] | string;

/** Records, or the error's class and message without the byte count (which depends on the cut). */
async function outcome(body: AsyncIterable<Uint8Array>, shape: StatsShape): Promise<Outcome> {
  try {
    return await records(body, shape);
  } catch (err) {
    const e = err as Error;
    return `${e.name}: ${e.message.replace(/, after \d+ bytes/, '')}`;
  }
}

const xmlFixtures = readdirSync(new URL('../fixtures/stats/', import.meta.url)).filter((f) => f.endsWith('.xml'));

describe('every XML fixture, split at every byte offset', () => {
  it.each(xmlFixtures)('%s', async (name) => {
    const bytes = fixture(name);
    const shape = shapeOf(name);
    const whole = await outcome(pieces(bytes, []), shape);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const split = await outcome(pieces(bytes, [cut]), shape);
      if (JSON.stringify(split) !== JSON.stringify(whole)) expect({ cut, split }).toEqual({ cut, split: whole });
    }
    expect(await outcome(everyBytes(bytes, 1), shape)).toEqual(whole);
    expect(await outcome(everyBytes(bytes, 7), shape)).toEqual(whole);
  });
});

describe('chars.xml at every pair of nearby cuts', () => {
  it('two cuts up to 24 bytes apart give the same records', async () => {
    const bytes = fixture('chars.xml');
    const whole = await outcome(pieces(bytes, []), shapes.pubsSlotsCountry);
    expect(typeof whole).not.toBe('string');
    for (let a = 0; a < bytes.length; a++) {
      for (let b = a + 1; b <= Math.min(bytes.length, a + 24); b++) {
        const split = await outcome(pieces(bytes, [a, b]), shapes.pubsSlotsCountry);
        if (JSON.stringify(split) !== JSON.stringify(whole)) expect({ a, b, split }).toEqual({ a, b, split: whole });
      }
    }
  });
});
