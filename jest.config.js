// One Jest setup for the whole workspace: TypeScript through SWC on native ESM, and workspace
// packages resolved to their source through the "@sc/source" export condition (no build first).
// Two projects: "parallel" (unit and integration tests, two workers) and "processes" (tests that
// start the platform as real OS processes and hold it to start-up times; run alone, in band, so
// the other suites' load does not decide their timing). `pnpm test` runs one after the other.
const base = {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@sc/source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  modulePathIgnorePatterns: ['<rootDir>/.data/'],
  setupFiles: ['<rootDir>/packages/platform/test-kit/isolate-env.ts'],
};

/** @type {import('jest').Config} */
export default {
  globalSetup: '<rootDir>/packages/platform/test-kit/global-setup.ts',
  globalTeardown: '<rootDir>/packages/platform/test-kit/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
  projects: [
    {
      ...base,
      displayName: 'parallel',
      testMatch: ['<rootDir>/**/test/**/*.test.ts', '<rootDir>/**/src/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/', '<rootDir>/test/'],
    },
    {
      ...base,
      displayName: 'processes',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
};
