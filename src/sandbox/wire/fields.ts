// A format-neutral description of what a response carries. The XML and JSON writers render the
// same Field lists, so both formats always agree on content and differ only where production's
// two formats differ (empty tags, types, ID-keyed statistics).

export type Field = Leaf | Group;

export interface Leaf {
  key: string;
  value: string;
  /** JSON type: counts are numbers, booleans are booleans, everything else a string. */
  kind: 'str' | 'int' | 'bool';
  /** How XML writes an empty value: `<x/>` (publication, ad slot) or `<x></x>` (advertiser, campaign). */
  empty: 'self' | 'pair';
  /** JSON leaves empty publication/ad slot fields out instead of writing "". */
  omitEmptyInJson?: boolean;
  /** Fields production writes only in XML (requests/uniques: always empty, absent from JSON). */
  xmlOnly?: boolean;
}

export interface Group {
  key: string;
  group: Field[];
}

/** One statistics element; `country` leads it when the report is broken down by country. */
export interface StatsRow {
  country?: string;
  fields: Field[];
}

/** A publication / ad slot / campaign in a statistics report: either nested nodes or rows. */
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
export const money = (key: string, amount: string): Group => ({
  key,
  group: [
    { key: 'currency', value: 'USD', kind: 'str', empty: 'self' },
    { key: 'amount', value: amount, kind: 'str', empty: 'self' },
  ],
});
