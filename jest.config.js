// Two projects: `unit` (src/**/*.spec.ts, pure logic and single middlewares, no database) and `e2e`
// (test/**/*.e2e-spec.ts, whose global set-up starts or prepares Postgres). Jest runs a project's
// globalSetup only when at least one of its files is selected, so `npm run test:unit` and a run of
// unit files never touch Postgres. Reporters, workers and timeouts are run-wide and stay here.
const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
  },
  setupFiles: ['reflect-metadata'],
  setupFilesAfterEnv: ['<rootDir>/test/support/openapi-tally.setup.ts'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
  // The run's temporary directory (test/support/run-temp-dir.ts), for unit and e2e files alike.
  globalSetup: '<rootDir>/test/support/run-temp-dir.setup.ts',
  globalTeardown: '<rootDir>/test/support/run-temp-dir.teardown.ts',
  // Files marked long start first (test/support/long-first.sequencer.js).
  testSequencer: '<rootDir>/test/support/long-first.sequencer.js',
  maxWorkers: 2,
  // Each e2e file boots the application in a fresh module registry, and a worker keeps some 15-20 MB of
  // every file it ran (jest's registries are not all released): after 300 files a worker held 2-4 GB, its
  // collections slowed, and its exit at the end of the run could outlast jest's 500 ms grace ("a worker
  // process has failed to exit gracefully"). A worker past this size after a file is replaced.
  workerIdleMemoryLimit: '1GB',
  testTimeout: 60000,
  verbose: true,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
