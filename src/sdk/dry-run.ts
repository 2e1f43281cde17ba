// --dry-run's signal: the CLI's transport describes a request and throws this instead of sending
// it. Callers that describe on purpose (a plan's every request) catch it; anything else reports it.
export { DryRunDone } from '../api/describe.js';
