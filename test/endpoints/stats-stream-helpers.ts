// Shared by the statistics stream tests: fixture bytes and bodies cut into chosen chunks.
import { readFileSync } from 'node:fs';
import { statsRecords } from '../../src/endpoints/stats-stream.js';
import type { StatsRecord, StatsShape } from '../../src/endpoints/stats-shapes.js';

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../fixtures/stats/${name}`, import.meta.url)));
}

export function fixtureText(name: string): string {
  return readFileSync(new URL(`../fixtures/stats/${name}`, import.meta.url), 'utf8');
}

/** The body as chunks ending at the given offsets (and at its end). */
export async function* pieces(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(from, cut);
    from = cut;
  }
}

export async function* everyBytes(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

export async function records(body: AsyncIterable<Uint8Array>, shape: StatsShape): Promise<StatsRecord[]> {
  const out: StatsRecord[] = [];
  for await (const r of statsRecords(body, shape)) out.push(r);
  return out;
}

export const parse = (name: string, shape: StatsShape): Promise<StatsRecord[]> => records(pieces(fixture(name), []), shape);

export const P1 = '0a5b4f6e-3c1d-4e8f-9a2b-7c6d5e4f3a21';
export const P2 = '2c7d6b80-5e3f-4a01-9c4d-9e8f7a6b5c43';
export const S1 = '5f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
export const S2 = '6a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9';
export const S3 = '7b3c4d5e-6f70-4182-93a4-b5c6d7e8f9a0';
export const C1 = 'c0ffee00-1234-4abc-8def-0123456789ab';

export const shapes = {
  pubs: { endpoint: 'publications', level: 'publication', byCountry: false },
  pubsCountry: { endpoint: 'publications', level: 'publication', byCountry: true },
  pubsSlots: { endpoint: 'publications', level: 'adslot', byCountry: false },
  pubsSlotsCountry: { endpoint: 'publications', level: 'adslot', byCountry: true },
  onePub: { endpoint: 'publication', level: 'publication', byCountry: false },
  onePubSlotsCountry: { endpoint: 'publication', level: 'adslot', byCountry: true },
  slot: { endpoint: 'adslot', byCountry: false },
  slotCountry: { endpoint: 'adslot', byCountry: true },
  campaign: { endpoint: 'campaign' },
} satisfies Record<string, StatsShape>;
