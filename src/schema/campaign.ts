// The campaign (read-only). Budgets are decimals or counts by budgetType; dates are ISO 8601 local date-times, converted
// from the service's MM-DD-YYYY HH:MM in src/endpoints/campaign-dates.ts.
import { columnsOf, fieldNames, withNameBeside, type EntitySchema, type RecordOf } from './field.js';

export const campaignSchema = {
  tag: 'campaign',
  entity: 'campaign',
  plural: 'campaigns',
  fields: {
    id: { column: { priority: 1 } },
    name: { column: { wrap: true, priority: 1 } },
    status: { column: { priority: 1 } },
    advertiser: { column: {} },
    description: { column: { wrap: true, priority: 3 } },
    budgetType: { column: {} },
    startDate: { column: {} },
    endDate: { column: {} },
    activationDate: { column: { priority: 3 } },
    deactivationDate: { column: { priority: 3 } },
    dailyBudget: { column: { type: 'decimal' } },
    overallBudget: { column: { type: 'decimal' } },
    dailyBudgetWeekday: { column: { type: 'decimal', priority: 3 } },
    dailyBudgetWeekend: { column: { type: 'decimal', priority: 3 } },
  },
  table: ['id', 'name', 'status', 'advertiser', 'budgetType', 'startDate', 'endDate', 'dailyBudget', 'overallBudget'],
} as const satisfies EntitySchema;

export type Campaign = RecordOf<typeof campaignSchema>;
export const CAMPAIGN_RECORD_FIELDS = fieldNames(campaignSchema);
export const campaignColumns = columnsOf(campaignSchema);
export const campaignColumnsNamed = withNameBeside(campaignColumns, 'advertiser', 'advertiserName');
export const campaignTableFields: string[] = [...campaignSchema.table];
export const campaignTableFieldsNamed = campaignTableFields.flatMap((k) => (k === 'advertiser' ? [k, 'advertiserName'] : [k]));
