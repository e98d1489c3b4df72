// Two projects: server-side code (node) and the web app (jsdom). esbuild compiles TypeScript and
// the ESM-only packages (middy, jose) to CommonJS for Jest (scripts/jest-transform.cjs).
const transform = { '^.+\\.(t|j|mj|cj)sx?$': '<rootDir>/scripts/jest-transform.cjs' };
const transformIgnorePatterns = ['/node_modules/(?!(@middy|jose)/)'];
// The path aliases of tsconfig.json: the project's shared/ and the web app's src/.
const moduleNameMapper = { '^@shared/(.*)$': '<rootDir>/shared/$1', '^@/(.*)$': '<rootDir>/web/src/$1' };

module.exports = {
  testTimeout: 30000,
  // Three workers on CI's two cores: the test files wait now and then (a child process, a timer, the emulators' I/O),
  // and a third worker fills those gaps. Measured on 2 cores: 246 s with two workers, 220 s with three.
  maxWorkers: 3,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{functions,shared,infra,scripts}/**/*.test.ts'],
      setupFiles: ['<rootDir>/jest.setup.ts'],
      // The twin's template, synthesized once per run when stale (functions/local/twin/template-dir.ts).
      globalSetup: '<rootDir>/scripts/jest-global-setup.ts',
      // Disables each file's AsyncLocalStorage instances when it ends (see the file), and fails a file whose tests
      // wrote a client item from any module but its owner (functions/data/client-record.ts).
      setupFilesAfterEnv: [
        '<rootDir>/functions/testing/setup-async-local-storage.ts',
        '<rootDir>/functions/testing/setup-client-write-guard.ts',
      ],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
    },
    {
      displayName: 'web',
      // jsdom, with a faster way to the same computed styles (see the file).
      testEnvironment: '<rootDir>/web/src/testing/jsdom-environment.ts',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/web/src/testing/setup-tests.ts'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
    },
  ],
};
