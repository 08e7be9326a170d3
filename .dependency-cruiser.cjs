/**
 * The layers' boundaries, checked by `npm run lint` (dependency-cruiser): the contract is shared by
 * both sides and depends on nothing of ours; the games' mathematics, run alike by the studio server
 * and the browser, depends on nothing of ours but the contract; machines are pure flows over the
 * contract and may use the games' mathematics; the server never reaches into the browser's code; the
 * game studio's server shares only the contract and the games, and only the composition root wires
 * it in; its game page shares only the contract, games and machines; the SPA's lib knows no
 * feature; server modules meet only through each other's public.ts, server/shared and adapters know
 * no module, and the server's root files wire a module through its public, routes and setup files;
 * and nothing imports in a circle, the generated route tree included.
 */
/**
 * What each feature offers to the others. Everything else in a feature is private to it: a new
 * module another feature needs is added here on purpose, or moved out to src/lib (code) or
 * src/components (shared views).
 */
const publicModules = [
  'session/use-session',
  'session/session-actor',
  'layout/language-switcher',
  'layout/menus',
  'user/queries',
  'user/account-gates',
  'user/use-account-refresh',
  'bank/queries',
  'kyc/queries',
  'kyc/identity-verification-section',
  'auth/captcha-field',
  'auth/password-strength-meter',
  'record/record-filters',
  'content/banner-carousel',
  'agent/application-queries',
  'agent/agent-invitation-card',
  'letters/letter-queries',
  'crypto/crypto-records',
  'crypto/queries',
  'push/push-channel',
  'money/cancel-request',
  'money/money-request-view',
  'money/order-details',
  'money/order-following',
  // The desk's shell, which each area's desk pages are built in: the page frame and lists, the
  // queues' filters and review dialog, the operator's API client and session, the desk's query keys.
  'admin/desk-access',
  'admin/desk-list',
  'admin/desk-form',
  'admin/queue-page',
  'admin/queue-search',
  'admin/review-controls',
  'admin/review-flow',
  'admin/operator-api',
  'admin/operator-session',
  'admin/queries',
  'crypto/desk-queries',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle ties modules together so that neither can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'contract/ is shared by the server and the SPA, so it may only import itself.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(games|machines|src|server|studio|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'games-import-only-the-contract',
      comment:
        "games/ is the games' pure mathematics, run alike by the studio server and the browser: no Node, DOM or React, nothing of ours but contract/.",
      severity: 'error',
      from: { path: '^games/' },
      to: { path: '^(machines|src|server|studio|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'games-pure',
      comment: 'The same code recomputes a round in the browser, so games/ uses no Node built-in.',
      severity: 'error',
      from: { path: '^games/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'games-no-ui',
      comment: 'games/ is mathematics only: no React, DOM libraries, i18next or HTTP client.',
      severity: 'error',
      from: { path: '^games/' },
      to: { path: 'node_modules/(react|react-dom|@mantine|i18next|react-i18next|ofetch|@tanstack)/' },
    },
    {
      name: 'machines-import-only-the-contract',
      comment:
        'machines/ are pure flows: no React, no DOM, no server; effects come in as actors. games/ is theirs to use.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { path: '^(src|server|studio|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'server-never-imports-the-spa',
      comment: 'The server shares only the contract with the SPA.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|machines|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'studio-imports-only-contract-and-games',
      comment:
        'studio/ is a game provider of its own: it shares only the contract and the games with the product, and reaches the wallet over HTTP, never through server/.',
      severity: 'error',
      from: { path: '^studio/', pathNot: '^studio/page/' },
      to: { path: '^(server|src|machines|tests|e2e|bench|scripts)/|^studio/page/' },
    },
    {
      name: 'only-the-composition-root-imports-the-studio',
      comment:
        'The studio is wired in by the composition root alone (and driven by tests and figures); no module of ours calls it.',
      severity: 'error',
      from: { path: '^(contract|games|machines|src|server|e2e|scripts)/', pathNot: '^server/compose\\.ts$' },
      to: { path: '^studio/' },
    },
    {
      name: 'studio-page-imports-only-shared-code',
      comment:
        "studio/page/ is the studio's own game page, the provider's and not the portal's: it shares the contract, the games' mathematics and the machines with the rest, and nothing of the SPA, the server or the studio's server.",
      severity: 'error',
      from: { path: '^studio/page/' },
      to: { path: '^(src|server|tests|e2e|bench|scripts)/|^studio/(?!page/)' },
    },
    {
      name: 'studio-page-light',
      comment:
        'The game page must stay light (docs/requirements.md §11): React and i18next, no Mantine, router, query library or HTTP client.',
      severity: 'error',
      from: { path: '^studio/page/' },
      to: { path: 'node_modules/(@mantine|@tanstack|ofetch|dayjs|embla-carousel)' },
    },
    {
      name: 'nothing-imports-the-studio-page',
      comment: 'The game page is an entry of its own; the SPA, the server and the machines never reach into it.',
      severity: 'error',
      from: { path: '^(contract|games|machines|src|server)/' },
      to: { path: '^studio/page/' },
    },
    {
      name: 'lib-knows-no-feature',
      comment: 'src/lib is what every feature may use, so it may use none of them.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(features|routes|app|components)/' },
    },
    {
      name: 'components-know-no-feature',
      comment: 'src/components holds the parts every feature shows (page frame, links, loader): no feature of its own.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(features|routes|app)/' },
    },
    {
      name: 'features-meet-through-public-modules',
      comment:
        'A feature reaches another only through the modules that feature offers to others (publicModules above); ' +
        'anything else is its own business, free to change.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: ['^src/features/$1/', `^src/features/(${publicModules.join('|')})\\.tsx?$`],
      },
    },
    {
      name: 'server-modules-meet-through-public-files',
      comment:
        'A server module reaches another only through its public.ts, what that module offers others; ' +
        'everything else in a module is its own business, free to change.',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: {
        path: '^server/modules/([^/]+)/',
        pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/public\\.ts$'],
      },
    },
    {
      name: 'server-shared-and-adapters-know-no-module',
      comment:
        'server/shared holds what several modules use and none owns, server/adapters the edges to the world ' +
        'outside: every module may use them, so they use no module.',
      severity: 'error',
      from: { path: '^server/(shared|adapters|db)/' },
      to: { path: '^server/modules/' },
    },
    {
      name: 'composition-root-wires-modules-through-their-doors',
      comment:
        "The server's root files (app, compose, start, env, the job queue...) reach a module only through its " +
        'public.ts, its routes.ts and its setup.ts (what the composition root alone builds or schedules of it).',
      severity: 'error',
      from: { path: '^server/[^/]+\\.ts$' },
      to: {
        path: '^server/modules/[^/]+/',
        pathNot: '^server/modules/[^/]+/(public|routes|setup)\\.ts$',
      },
    },
    {
      name: 'machines-pure',
      comment: 'Machines never import React, the DOM libraries, i18next or an HTTP client.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { path: 'node_modules/(react|react-dom|@mantine|i18next|react-i18next|ofetch|@tanstack)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
