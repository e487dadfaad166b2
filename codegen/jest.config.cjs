// ts-jest in transpile-only mode, as in the library: `tsc --noEmit` is the type gate.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': 'ts-jest' },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // Generated clients import the library by its package name; the tests run them against its sources.
  moduleNameMapper: { '^rtk-rest$': '<rootDir>/../src/index.ts', '^rtk-rest/mock$': '<rootDir>/../src/mock/index.ts' },
};
