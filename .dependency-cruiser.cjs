/** @type {import('dependency-cruiser').IConfiguration} */
// Boundaries of the bounded contexts, checked on every `npm run lint`.
module.exports = {
  forbidden: [
    {
      name: 'platform-not-to-modules',
      comment: 'Shared platform code never depends on a bounded context; the composition root wires them.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'context-only-through-index',
      comment: "A context reaches another context only through that context's index.ts (its public surface).",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: {
        path: '^src/modules/[^/]+/',
        pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'integrations-not-to-alerting',
      comment:
        'integrations holds settings only; the code that sends alerts (the notifiers) lives in deliveries, so integrations never needs alerting.',
      severity: 'error',
      from: { path: '^src/modules/integrations/' },
      to: { path: '^src/modules/alerting/' },
    },
    {
      name: 'no-circular-between-contexts',
      comment: "Contexts form a directed graph: a cycle through another context's index.ts is forbidden.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { circular: true, via: { path: '^src/modules/[^/]+/index\\.ts$' } },
    },
    {
      name: 'no-circular-in-platform',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { circular: true },
    },
    {
      name: 'src-not-to-test',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^test/' },
    },
    {
      name: 'not-to-dev-dep',
      comment: 'The runtime image installs production dependencies only (npm ci --omit=dev).',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.spec\\.ts$' },
      to: {
        dependencyTypes: ['npm-dev'],
        dependencyTypesNot: ['type-only'],
        pathNot: ['node_modules/@types/'],
      },
    },
    {
      name: 'no-non-package-json',
      comment: 'Every imported package is declared in package.json, not picked up transitively.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.test.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
