// Countries in output order, weighted by rough market size.

const WEIGHTED: Array<[string, number]> = [
  ['AE', 1],
  ['AR', 1],
  ['AT', 1],
  ['AU', 2],
  ['BE', 1],
  ['BR', 3],
  ['CA', 3],
  ['CH', 1],
  ['CL', 1],
  ['CN', 2],
  ['CO', 1],
  ['CZ', 1],
  ['DE', 5],
  ['DK', 1],
  ['EG', 1],
  ['ES', 3],
  ['FI', 1],
  ['FR', 4],
  ['GB', 5],
  ['GR', 1],
  ['HU', 1],
  ['ID', 2],
  ['IE', 1],
  ['IN', 4],
  ['IT', 3],
  ['JP', 3],
  ['KR', 2],
  ['MX', 2],
  ['MY', 1],
  ['NG', 1],
  ['NL', 2],
  ['NO', 1],
  ['NZ', 1],
  ['PH', 1],
  ['PL', 2],
  ['PT', 1],
  ['RU', 2],
  ['SE', 2],
  ['TR', 2],
  ['US', 10],
];

export interface Country {
  code: string;
  weight: number;
}

/** The first `n` by weight, in alphabetical order. */
export function countries(n = WEIGHTED.length): Country[] {
  const chosen = [...WEIGHTED].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, Math.max(1, n));
  return chosen.sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([code, weight]) => ({ code, weight }));
}
