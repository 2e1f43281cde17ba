// The statistics request descriptions alone (for `stats --raw`): src/sdk/requests.ts would also
// load the entity modules and with them fast-xml-parser, which a statistics export never needs
// (test/startup/stats-modules.test.ts).
export { statisticsRequests } from '../api/statistics.js';
