// The layer check behind `npm run lint` (and test/architecture/layers.test.ts): dependency-cruiser
// over src/, with type-only and dynamic imports counted, so a cycle or an upward import fails the
// build instead of waiting for a reviewer. docs/architecture.md has the same table in prose.
//
// Layers, bottom to top. A folder may import its own files and the folders EARLIER in this list,
// never later ones.
//
//   1 core                  errors, redact, local-io, pool, decimal, charrefs, deferred, file-lock
//   2 schema                entity schemas, enums, field rules, Column/Row
//   3 time, stats           time: dates, civil days, zones, intervals; stats: report rows, totals, ratios (over time)
//   4 config                profiles, keyring, settings, base URL checks
//   5 transport             HTTP: requests, retry, proxy, failures, body decoding, error bodies
//   6 endpoints             the service's endpoints: request builders, entity and statistics decoders
//   7 sdk                   createClient / clientOver
//   8 output                rendering; imports core, schema, time, stats ONLY
//   9 bulk, warehouse, completion, pulse   features over the SDK; never the command kit, commands/, help/ or the root files
//  10 command-kit           the command framework: define, run, the output port, --raw, --out, short IDs
//  11 commands, help        handlers; may also import context.ts and prompt.ts (what a handler is given)
//  12 session               how the CLI shell makes what a handler is given (credentials, the client, Tab's session)
//     root                  cli.ts, context.ts, prompt.ts, index.ts
//   sandbox                 stands alone: imports core only
//
// There is no baseline of tolerated violations: every rule holds for the whole of src/.

const CORE = '^src/core/';
const SCHEMA = '^src/schema/';
const TIME = '^src/time/';
/** The time library and the statistics figures over it: layer 3, below config. */
const STATS = '^src/(time|stats)/';
const CONFIG = '^src/config/';
const TRANSPORT = '^src/transport/';
const ENDPOINTS = '^src/endpoints/';
const SDK = '^src/sdk/';
const OUTPUT = '^src/output/';
const FEATURES = '^src/(bulk|warehouse|completion|pulse)/';
const KIT = '^src/command-kit/';
const COMMANDS = '^src/(commands|help)/';
const SANDBOX = '^src/sandbox/';
const SESSION = '^src/session/';
const ROOT = '^src/[^/]+\\.ts$';

/** One rule per layer: files under `from` may import inside src/ only what `allowed` matches. */
function layer(name, from, allowed, because) {
  return {
    name: `layer-${name}`,
    severity: 'error',
    comment: `${because} Allowed: ${allowed.join(', ')} (see .dependency-cruiser.cjs and docs/architecture.md).`,
    from: { path: from },
    to: { path: '^src/', pathNot: allowed },
  };
}

/** Features may import the layers below them and their own folder, not each other's. */
function feature(folder) {
  return layer(
    folder,
    `^src/${folder}/`,
    [CORE, SCHEMA, STATS, CONFIG, TRANSPORT, ENDPOINTS, SDK, OUTPUT, `^src/${folder}/`],
    `src/${folder}/ is a feature over the SDK: it must not reach up into commands/, help/, context.ts or cli.ts, nor into another feature.`,
  );
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A file import cycle (static, dynamic or type-only import). Break it by moving the shared part down a layer, ' +
        'or by passing a function in from above instead of importing upwards.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    layer('core', '^src/core/', [CORE], 'src/core/ is the bottom layer: it imports nothing else in src/.'),
    layer('schema', SCHEMA, [CORE, SCHEMA], 'src/schema/ sits on core only.'),
    layer('time', TIME, [CORE, SCHEMA, TIME], 'src/time/ is the pure time library (days, hours, zones, intervals): core and schema only.'),
    layer(
      'stats',
      '^src/stats/',
      [CORE, SCHEMA, STATS],
      'src/stats/ holds the statistics figures (rows, totals, ratios): core, schema and time only.',
    ),
    layer(
      'config',
      CONFIG,
      [CORE, SCHEMA, STATS, CONFIG],
      'src/config/ holds profiles and settings; calls to the service belong in commands/auth.',
    ),
    layer(
      'transport',
      TRANSPORT,
      [CORE, SCHEMA, STATS, CONFIG, TRANSPORT],
      'src/transport/ is HTTP: it knows no endpoint, SDK, output or command.',
    ),
    layer(
      'endpoints',
      ENDPOINTS,
      [CORE, SCHEMA, STATS, CONFIG, TRANSPORT, ENDPOINTS],
      'src/endpoints/ builds the requests of the service and decodes its answers, over the transport: never the SDK, output or commands.',
    ),
    layer(
      'sdk',
      SDK,
      [CORE, SCHEMA, STATS, CONFIG, TRANSPORT, ENDPOINTS, SDK],
      'src/sdk/ is the one path to the service, built on endpoints/ and transport/.',
    ),
    layer('output', OUTPUT, [CORE, SCHEMA, STATS, OUTPUT], 'src/output/ renders figures; it must not reach the service or config.'),
    feature('bulk'),
    feature('warehouse'),
    feature('completion'),
    feature('pulse'),
    layer(
      'commands',
      COMMANDS,
      [CORE, SCHEMA, STATS, CONFIG, TRANSPORT, ENDPOINTS, SDK, OUTPUT, FEATURES, KIT, COMMANDS, SANDBOX, '^src/(context|prompt)\\.ts$'],
      'src/commands/ and src/help/ are handlers: they may use every layer below and the context they are given, never cli.ts or index.ts.',
    ),
    layer(
      'command-kit',
      KIT,
      [CORE, SCHEMA, STATS, CONFIG, TRANSPORT, ENDPOINTS, SDK, OUTPUT, FEATURES, KIT, '^src/(context|prompt)\\.ts$'],
      'src/command-kit/ is the framework the commands are built with: it never imports a command (commands/, help/), cli.ts or index.ts.',
    ),
    layer(
      'session',
      SESSION,
      [CORE, SCHEMA, STATS, CONFIG, TRANSPORT, ENDPOINTS, SDK, OUTPUT, FEATURES, SANDBOX, SESSION],
      "src/session/ builds the CLI shell's parts (credentials, the client) for context.ts and cli.ts: never context.ts itself (a folder loop), commands/, help/ or cli.ts.",
    ),
    layer('sandbox', SANDBOX, [CORE, SANDBOX], 'src/sandbox/ stands alone (it is shipped as masg/sandbox): core only.'),
    {
      name: 'render-reaches-output-only',
      severity: 'error',
      comment:
        'The renderer is given the output port and a plain result: everything it loads, directly or through ' +
        'other modules, is the output layer and what output itself may import (core, schema, time, stats), never ' +
        'the Context, the SDK, the transport or a feature.',
      from: { path: '^src/output/render\\.ts$' },
      to: { path: '^src/', pathNot: [OUTPUT, CORE, SCHEMA, STATS], reachable: true },
    },
    {
      name: 'output-port-writes-only',
      severity: 'error',
      comment:
        'The output port built from a Context turns results into bytes: fetching, retrying and bulk work belong ' +
        'to the handlers, so it never imports transport/, endpoints/, sdk/ or bulk/.',
      from: { path: '^src/command-kit/output-port\\.ts$' },
      to: { path: '^src/(transport|endpoints|sdk|bulk)/' },
    },
    {
      name: 'not-to-root',
      severity: 'error',
      comment: 'Nothing below the CLI shell imports src/cli.ts or src/index.ts: they are entry points.',
      from: { path: '^src/', pathNot: ROOT },
      to: { path: '^src/(cli|index)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    // Count `import type` too: a type-only import is still a dependency of the design.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // `await import('…')` is followed like a static import (dependency-cruiser's default): the lazy
    // imports are real dependencies, and a cycle through one is still a cycle.
    detectJSDocImports: false,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
