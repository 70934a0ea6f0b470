// One Jest run for the whole workspace: TypeScript through SWC on native ESM, and workspace
// packages resolved to their source through the "@sc/source" export condition (no build first).
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@sc/source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', {
      jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
      module: { type: 'es6' },
    }],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/**/test/**/*.test.ts', '<rootDir>/**/src/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/'],
  modulePathIgnorePatterns: ['<rootDir>/.data/'],
  globalSetup: '<rootDir>/packages/platform/test-kit/global-setup.ts',
  globalTeardown: '<rootDir>/packages/platform/test-kit/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
