// One jest run over every workspace (npm test runs every project at once: scripts/src/run-tests.ts). Four projects:
//   unit        *.spec.ts beside the code (pure logic, no services)
//   web         web/src/**/*.test.ts(x): the web's forms logic and hooks in jsdom (Testing Library)
//   integration *.int-spec.ts (real PostgreSQL, Redis, SMTP and fake AI server)
//   e2e         web/e2e/*.e2e-spec.ts (real Chromium against the real stack)
// integration and e2e: each test file on a database of its own, a copy of the run's template
// (libs/testing/src/jest/global-setup.ts and database-environment.ts).
const { existsSync } = require('node:fs');
const sequencer = `${__dirname}/scripts/dist/test-sequencer.js`;

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const shared = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@planejador/([a-z-]+)$': '<rootDir>/libs/$1/src' },
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
module.exports = {
  testTimeout: 120000,
  // The costliest files first (e2e, then the files with processes of their own, ...), in a fresh clone too; jest
  // loads a sequencer untransformed, so the built one (npm test builds first; jest's own order without a build).
  ...(existsSync(sequencer) ? { testSequencer: sequencer } : {}),
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{libs,api,worker,scripts}/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'web',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/web/src/test/setup.ts'],
      transform: {
        '^.+\\.(t|j)sx?$': [
          '@swc/jest',
          {
            jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
            module: { type: 'commonjs' },
          },
        ],
      },
      moduleNameMapper: {
        '^@/(.*)$': '<rootDir>/web/src/$1',
        '^@planejador/contracts$': '<rootDir>/libs/contracts/src',
        '\\.css$': '<rootDir>/web/src/test/style-stub.ts',
      },
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,api,worker,scripts}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
      testEnvironment: '<rootDir>/libs/testing/src/jest/database-environment.ts',
      setupFiles: ['<rootDir>/libs/testing/src/jest/setup-env.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
      testEnvironment: '<rootDir>/libs/testing/src/jest/database-environment.ts',
      setupFiles: ['<rootDir>/libs/testing/src/jest/setup-env.ts'],
    },
  ],
};
