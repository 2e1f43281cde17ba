// Statistics and demo IDs are pure functions of the seed: two sandboxes with one seed agree to the byte.

/** murmur3's finaliser. */
export function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) ^ 0x5bd1e995;
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The statistics generator's hot path: no rest args. */
export function hash3(a: number, b: number, c: number): number {
  return mix(mix(a, b), c);
}

export function hash4(a: number, b: number, c: number, d: number): number {
  return mix(mix(mix(a, b), c), d);
}

/** FNV-1a. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function unit(h: number): number {
  return h / 4294967296;
}

/** mulberry32, for fault dice. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Version-4 shaped, like production's IDs. */
export function uuidFor(seed: number, n: number): string {
  let hex = '';
  for (let i = 0; i < 4; i++)
    hex += hash3(seed, n, i + 1)
      .toString(16)
      .padStart(8, '0');
  const v = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${v}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
