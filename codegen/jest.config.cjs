// ts-jest in transpile-only mode, as in the library: `tsc --noEmit` is the type gate.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': 'ts-jest' },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
};
