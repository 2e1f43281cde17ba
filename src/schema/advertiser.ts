// The advertiser (read-only): every field, in column order (field.ts).
import { columnsOf, fieldNames, type EntitySchema, type RecordOf } from './field.js';

export const advertiserSchema = {
  tag: 'advertiser',
  entity: 'advertiser',
  plural: 'advertisers',
  fields: {
    id: { column: { priority: 1 } },
    name: { column: { wrap: true, priority: 1 } },
    status: { column: { priority: 1 } },
    dailyBudget: { column: { type: 'decimal' } },
    balance: { column: { type: 'decimal', priority: 1 } },
    notifyLimit: { column: { type: 'decimal', priority: 3 } },
  },
} as const satisfies EntitySchema;

export type Advertiser = RecordOf<typeof advertiserSchema>;
export const ADVERTISER_RECORD_FIELDS = fieldNames(advertiserSchema);
export const advertiserColumns = columnsOf(advertiserSchema);
