/**
 * Import rules for the whole repository, checked by `npm run lint:deps` (part of `npm run lint`,
 * so of `npm run validate` and CI). The layers and the reasons are in docs/decisions/009 ("Layering").
 *
 * On the page, from the bottom up (a layer imports only itself and the layers below it):
 *   src/domain                                  rules and contracts shared with sw/ and server/
 *   src/lib, src/ui, src/db                     plumbing, widgets, the device database
 *   src/features                                one folder per screen area
 *   src/app, src/routes, src/pwa, src/main.tsx  the shell that puts features on routes
 */

/** Features any other feature may import: they are shared on purpose and import no feature. */
const SHARED_FEATURES = ['store', 'sync'];
const shared = SHARED_FEATURES.join('|');

const SHELL = '^src/(app|routes|pwa)/|^src/main\\.tsx$|^src/routeTree\\.gen\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module reaches itself again through its imports (src, sw, server).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-nothing-else',
      severity: 'error',
      comment:
        'src/domain is shared by the page, the service worker and the server: it imports only ' +
        'itself and packages.',
      from: { path: '^src/domain/' },
      to: { path: '^(src|sw|server)/', pathNot: '^src/domain/' },
    },
    {
      name: 'lib-ui-db-stay-below-features',
      severity: 'error',
      comment: 'src/lib, src/ui and src/db are below the features and the shell.',
      from: { path: '^src/(lib|ui|db)/' },
      to: { path: `^src/features/|${SHELL}` },
    },
    {
      name: 'ui-is-presentational',
      severity: 'error',
      comment: 'Shared widgets know nothing of the device database.',
      from: { path: '^src/ui/' },
      to: { path: '^src/db/' },
    },
    {
      name: 'features-stay-below-shell',
      severity: 'error',
      comment: 'Features never import the shell (app, routes, pwa, main): the shell imports them.',
      from: { path: '^src/features/' },
      to: { path: SHELL },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment:
        `A feature imports another one only if it is shared (${SHARED_FEATURES.join(', ')}); ` +
        'anything else two features need goes down to src/ui, src/lib or src/domain.',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: [`^src/features/$1/`, `^src/features/(${shared})/`],
      },
    },
    {
      name: 'shared-features-import-no-feature',
      severity: 'error',
      comment: 'A shared feature stays a leaf among features, so sharing cannot form cycles.',
      from: { path: `^src/features/(${shared})/` },
      to: { path: '^src/features/', pathNot: `^src/features/(${shared})/` },
    },
    {
      name: 'screens-do-not-call-the-api-client',
      severity: 'error',
      comment:
        'Online calls of a feature live in its api.ts (fetchers and hooks); components (.tsx) ' +
        'use those, never src/lib/api.ts inline.',
      from: { path: '^src/features/[^/]+/.+\\.tsx$' },
      to: { path: '^src/lib/api\\.ts$' },
    },
    {
      name: 'page-does-not-import-server-or-worker',
      severity: 'error',
      comment: 'The page shares code with sw/ and server/ only through src/domain.',
      from: { path: '^src/' },
      to: { path: '^(server|sw)/' },
    },
    {
      name: 'server-imports-only-domain-from-the-page',
      severity: 'error',
      comment:
        'The server shares src/domain (schemas, rules, sync contract) and nothing else of src/.',
      from: { path: '^server/' },
      to: { path: '^(src|sw)/', pathNot: '^src/domain/' },
    },
    {
      name: 'worker-imports-only-domain-and-db',
      severity: 'error',
      comment: 'The service worker reads the device database and the sync contract, nothing else.',
      from: { path: '^sw/' },
      to: { path: '^(src|server)/', pathNot: '^src/(domain|db)/' },
    },
    {
      name: 'services-speak-no-http',
      severity: 'error',
      comment:
        'Routes are the only HTTP layer: services and server/lib import neither hono nor ' +
        'server/http.ts (the error type and input rules are in server/lib/api-input.ts, pages ' +
        'are rendered with services/storefront/markup.ts). Decision 017.',
      from: { path: '^server/(services|lib)/' },
      to: { path: ['^server/http\\.ts$', '(^|/)node_modules/hono/'] },
    },
    {
      name: 'service-folders-do-not-import-each-other-both-ways',
      severity: 'error',
      comment:
        'Between two folders of server/services the imports run one way: a shared piece goes ' +
        'down (services/sync, server/db, server/lib), and only services/registry imports the ' +
        'entity repositories. Decision 017.',
      scope: 'folder',
      from: { path: '^server/services/[^/]+' },
      to: { path: '^server/services/[^/]+', circular: true },
    },
    {
      name: 'device-data-only-through-src-db',
      severity: 'error',
      comment:
        'Features and src/lib reach the device database through the functions and hooks of ' +
        'src/db (repositories), never the Dexie singleton of src/db/db.ts (a type is fine). ' +
        'Decision 009.',
      from: { path: '^src/(features|lib)/' },
      to: { path: '^src/db/db\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'storefront-script-imports-only-domain',
      severity: 'error',
      comment:
        "The storefront's browser code (storefront/) shares only src/domain with the rest; the " +
        'server bundles it from storefront/bundles.json and imports nothing else of it.',
      from: { path: '^storefront/' },
      to: { path: '^(src|sw|server)/', pathNot: '^src/domain/' },
    },
    {
      name: 'only-the-bundler-knows-the-storefront-script',
      severity: 'error',
      comment: 'The page, the worker and the server never import the storefront script.',
      from: { path: '^(src|sw|server)/' },
      to: { path: '^storefront/.+\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve is a typo or a missing package.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Tests import helpers across folders (tests/, fake-indexeddb set-ups): the rules are for
    // the product code the tests exercise.
    exclude: { path: ['\\.test\\.tsx?$', '^sw/test-helpers\\.ts$'] },
    doNotFollow: { path: ['node_modules', '(^|/)styled-system/'] },
    // Type-only imports count: a type from a higher layer is still a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
