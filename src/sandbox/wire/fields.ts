// What a response carries, format-neutral, so XML and JSON differ only where production's do.

export type Field = Leaf | Group;

export interface Leaf {
  key: string;
  value: string;
  /** JSON type: counts are numbers, booleans are booleans, everything else a string. */
  kind: 'str' | 'int' | 'bool';
  /** `<x/>` (publication, ad slot) or `<x></x>` (advertiser, campaign). */
  empty: 'self' | 'pair';
  /** JSON leaves empty publication/ad slot fields out instead of writing "". */
  omitEmptyInJson?: boolean;
  xmlOnly?: boolean;
}

export interface Group {
  key: string;
  group: Field[];
}

export interface StatsRow {
  country?: string;
  fields: Field[];
}

export interface StatsNode {
  tag: string;
  id: string;
  children?: StatsNode[];
  rows?: StatsRow[];
}

export const str = (key: string, value: string, empty: 'self' | 'pair'): Leaf => ({
  key,
  value,
  kind: 'str',
  empty,
  omitEmptyInJson: empty === 'self',
});
export const int = (key: string, value: number | string): Leaf => ({ key, value: String(value), kind: 'int', empty: 'self' });
export const bool = (key: string, value: boolean): Leaf => ({ key, value: String(value), kind: 'bool', empty: 'self' });
export const money = (key: string, amount: string, currency = 'USD'): Group => ({
  key,
  group: [
    { key: 'currency', value: currency, kind: 'str', empty: 'self' },
    { key: 'amount', value: amount, kind: 'str', empty: 'self' },
  ],
});
