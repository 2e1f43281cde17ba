// --dry-run's signal: the CLI's transport describes a request and throws this instead of sending
// it. Callers that describe on purpose (a plan's every request) catch it with isDryRun(); anything
// else reports it.
export { DryRunDone, isDryRun } from '../api/describe.js';
