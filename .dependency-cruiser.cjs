/**
 * The import rules of docs/architecture.md, checked by `npm run depcheck` (part of `npm test`).
 *
 * Client layers, each importing only itself and the layers below it:
 *   shared ← local ← components ← features ← app      shared, local ← sw
 * The server imports shared and itself (server modules: one another only through public.ts,
 * what they all use through src/server/kernel); the client never imports the server and the
 * server never imports the client. No import circles anywhere, type-only imports included
 * (tsPreCompilationDeps). Features never import each other: a screen combining features is
 * composed in src/app/screens. The architecture names no path between features today; one
 * it names later goes into ALLOWED_BETWEEN_FEATURES (and into docs/architecture.md).
 *
 * tests/ is cruised too: test code may import any layer (that is what it tests), but it
 * takes part in the circle check, production code never imports it, and nothing imports a
 * *.test file. Test files inside src/ follow their folder's layer rules; a client test that
 * needs a real server gets it through tests/helpers, never by importing src/server.
 */

const TEST_FILE = '\\.test\\.tsx?$';
/** Test files and the test support that sits next to the code: test kits, the authorization inventory. */
const TEST_CODE = [TEST_FILE, '[-.]test-kit\\.ts$', '\\.authz\\.ts$', '^src/server/authz/'];
const CLIENT = '^(src/(shared|local|components|features|app)|sw)/';
const CLIENT_ONLY = '^(src/(local|components|features|app)|sw)/';
/** Paths of one feature that others may import, as docs/architecture.md names them. */
const ALLOWED_BETWEEN_FEATURES = [];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles (type-only imports included) make load order and layering fragile.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-unresolvable',
      severity: 'error',
      comment:
        'Every import resolves (the #shared/* … aliases of package.json "imports" included), ' +
        'so no rule passes because an edge went missing. virtual: modules come from Vite plugins.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'shared-imports-only-shared',
      severity: 'error',
      comment: 'src/shared is the bottom layer of client and server alike.',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(local|components|features|app|server)|sw)/' },
    },
    {
      name: 'local-below-components',
      severity: 'error',
      comment: 'src/local (data layer, no React) imports only shared and local.',
      from: { path: '^src/local/' },
      to: { path: '^(src/(components|features|app|server)|sw)/' },
    },
    {
      name: 'shared-and-local-without-react',
      comment: 'src/shared and src/local run without React (src/local also in the service worker).',
      severity: 'error',
      from: { path: '^src/(shared|local)/' },
      to: { path: '(^|/)node_modules/(react|react-dom|dexie-react-hooks|react-i18next)/' },
    },
    {
      name: 'components-below-features',
      severity: 'error',
      comment: 'src/components imports only shared, local and components.',
      from: { path: '^src/components/' },
      to: { path: '^(src/(features|app|server)|sw)/' },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      comment: 'src/features imports shared, local, components and its own folder, never the app shell.',
      from: { path: '^src/features/' },
      to: { path: '^(src/(app|server)|sw)/' },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment:
        'A feature never imports another feature except through a path docs/architecture.md names; ' +
        'screens combining features are composed in src/app/screens.',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/',
        pathNot: ['^src/features/$1/', ...ALLOWED_BETWEEN_FEATURES],
      },
    },
    {
      name: 'sw-imports-shared-and-local',
      severity: 'error',
      comment: 'The service worker imports only shared, local and sw.',
      from: { path: '^sw/' },
      to: { path: '^src/(components|features|app|server)/' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'The client never imports server code.',
      from: { path: CLIENT },
      to: { path: '^src/server/' },
    },
    {
      name: 'client-not-node-builtins',
      severity: 'error',
      comment: 'Client code runs in the browser: no node: modules (its tests may use them).',
      from: { path: CLIENT, pathNot: TEST_CODE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      comment: 'The server never imports client code.',
      from: { path: '^src/server/' },
      to: { path: CLIENT_ONLY },
    },
    {
      name: 'server-types-leaf',
      severity: 'error',
      comment:
        'src/server/types.ts (Api, AppContext) stays a leaf: route modules import it, it imports nothing of ours.',
      from: { path: '^src/server/types\\.ts$' },
      to: { path: '^(src|sw|tests|scripts)/' },
    },
    {
      name: 'server-root-only-from-top',
      severity: 'error',
      comment:
        'The composition root (app.ts, context.ts, routes.ts) is imported only by itself, main.ts and ' +
        'tests: modules take Api and AppContext from types.ts.',
      from: { path: '^src/server/', pathNot: ['^src/server/(app|context|routes|main)\\.ts$', ...TEST_CODE] },
      to: { path: '^src/server/(app|context|routes)\\.ts$' },
    },
    {
      name: 'module-through-public',
      severity: 'error',
      comment:
        'A server module imports another module only through its one public.ts (docs/adr/0050): what ' +
        'every module uses is in src/server/kernel, and services one module needs of another are ' +
        'injected by the composition root (context.ts, src/server/wiring). Test code included.',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/public\\.ts$'],
      },
    },
    {
      name: 'kernel-below-modules',
      severity: 'error',
      comment:
        'src/server/kernel is what every module uses: it imports shared, the server infrastructure ' +
        '(db, errors, security) and itself, never a module, the wiring or the composition root.',
      from: { path: '^src/server/kernel/', pathNot: TEST_CODE },
      to: { path: '^src/server/(modules|wiring|chat)/|^src/server/(app|context|routes|main)\\.ts$' },
    },
    {
      name: 'wiring-only-from-root',
      severity: 'error',
      comment:
        'The wiring factories (src/server/wiring) are part of the composition root: only context.ts and tests import them.',
      from: {
        path: '^src/server/',
        pathNot: ['^src/server/(context|app|routes|main)\\.ts$', '^src/server/wiring/', ...TEST_CODE],
      },
      to: { path: '^src/server/wiring/' },
    },
    {
      name: 'production-not-tests-or-scripts',
      severity: 'error',
      comment: 'Shipped code never imports tests/ or the build scripts/; test code may.',
      from: { path: '^(src|sw)/', pathNot: TEST_CODE },
      to: { path: '^(tests|scripts)/' },
    },
    {
      name: 'no-importing-test-files',
      severity: 'error',
      comment: 'A *.test file is run, never imported.',
      from: {},
      to: { path: TEST_FILE },
    },
  ],
  options: {
    // Type-only imports are edges too (the circles ran through `import type`).
    tsPreCompilationDeps: true,
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '^tests/fixtures/' },
    // The #shared/*, #local/*, … aliases are package.json "imports"; enhanced-resolve reads
    // them through importsFields (its default), for extension-less and .ts/.tsx targets.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
