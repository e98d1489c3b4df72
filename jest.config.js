// Two projects: server-side code (node) and the web app (jsdom). swc compiles TypeScript and the
// ESM-only packages (middy) to CommonJS for Jest.
const transform = {
  '^.+\\.(t|j|mj)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
};
const transformIgnorePatterns = ['/node_modules/(?!(@middy|jose)/)'];

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{functions,shared,infra,scripts}/**/*.test.ts'],
      setupFiles: ['<rootDir>/jest.setup.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/web/src/testing/setup-tests.ts'],
      transform,
      transformIgnorePatterns,
    },
  ],
};
