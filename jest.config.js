// One Jest setup for the whole workspace: TypeScript through SWC on native ESM, and workspace
// packages resolved to their source through the "@sc/source" export condition (no build first).
// Two projects: "parallel" (unit and integration tests, two workers) and "processes" (tests that
// start the platform as real OS processes and hold it to start-up times; run alone, in band, so
// the other suites' load does not decide their timing). `pnpm test` runs one after the other.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '\\.css$': '<rootDir>/test/fixtures/no-styles.js' },
  modulePathIgnorePatterns: ['<rootDir>/.data/'],
  setupFiles: ['<rootDir>/packages/platform/test-kit/isolate-env.ts'],
};

// Tests whose result cannot depend on DATABASE_URL, NATS_URL and REDIS_URL: pure unit tests (the
// folders below touch no server, nor does the API document's test) and the browser tests under
// test/ that start an embedded platform of their own whatever the environment says (they carry
// `@embedded-platform` in their header).
// With SKIP_MODE_INDEPENDENT=1 they are left out: CI sets it for its real-servers half, so each of
// them runs once (in the embedded half) instead of twice with the same outcome.
const MODE_INDEPENDENT_FOLDERS = [
  '/test/unit/',
  '<rootDir>/packages/template-engine/test/',
  '<rootDir>/packages/contracts/test/',
  '<rootDir>/deploy/test/',
  '<rootDir>/web/src/',
  // The API document is made from the routes' schemas, whatever database the services open.
  '<rootDir>/gateway/test/openapi\\.test\\.ts$',
];
const ROOT = path.dirname(fileURLToPath(import.meta.url));
/** The test/ files whose first lines carry the `@embedded-platform` tag. */
function embeddedPlatformTests() {
  const dir = path.join(ROOT, 'test');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts') && readFileSync(path.join(dir, name), 'utf8').slice(0, 2000).includes('@embedded-platform'))
    .map((name) => `<rootDir>/test/${name.replace(/\./g, '\\.')}$`);
}
const skipModeIndependent = process.env.SKIP_MODE_INDEPENDENT === '1';
const modeIndependent = skipModeIndependent ? [...MODE_INDEPENDENT_FOLDERS, ...embeddedPlatformTests()] : [];

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
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/', '<rootDir>/test/', ...modeIndependent],
    },
    {
      ...base,
      displayName: 'processes',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...modeIndependent],
    },
  ],
};
