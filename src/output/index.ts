// The output layer's face for tests, benchmarks and the SDK's users: everything it offers. masg's
// own modules import the file they use instead, so that what a command loads is what it uses.

export type { Column, ColumnType, OutStream, OutputFormat, OutputSettings, Row, RowWriter } from './types.js';
export { OUTPUT_FORMATS } from './types.js';
export { decideColor, type ColorFlag, type ColorInputs } from './color.js';
export { parseFields, selectColumns } from './columns.js';
export { sanitizeForDisplay } from './sanitize.js';
export { openRowWriter, renderRecord, renderRows } from './formats.js';
export { defaultFormat } from './out-format.js';
export { createUi, type Ui, type UiOptions, type Spinner } from './ui.js';
export { describeError, type ErrorDescription } from './describe-error.js';
