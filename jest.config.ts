import type { Config } from 'jest';

// Both projects compile TypeScript with ts-jest in transpile-only mode: `tsc --noEmit` is the
// type gate, so tests do not type-check twice.
const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', jsx: 'react-jsx' }, isolatedModules: true }],
};

const moduleNameMapper = {
  '^rtk-rest$': '<rootDir>/src/index.ts',
  '^rtk-rest/react$': '<rootDir>/src/react/index.ts',
  '^rtk-rest/mock$': '<rootDir>/src/mock/index.ts',
  '^rtk-rest/server$': '<rootDir>/src/server/index.ts',
  '^rtk-rest/next$': '<rootDir>/src/next/index.ts',
};

const config: Config = {
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      transform: tsJest,
      moduleNameMapper,
      testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/react/', '<rootDir>/__tests__/e2e/', '\\.dom\\.test\\.tsx?$'],
    },
    {
      displayName: 'jsdom',
      testEnvironment: '<rootDir>/__tests__/support/jsdom-environment.cjs',
      transform: tsJest,
      moduleNameMapper,
      testMatch: ['<rootDir>/__tests__/react/**/*.test.ts?(x)', '<rootDir>/__tests__/**/*.dom.test.ts?(x)'],
    },
    // Browser tests of the example app: need Debian's chromium; run by `.ci/run` and `npm run test:e2e`.
    ...(process.env.E2E
      ? [
          {
            displayName: 'e2e',
            testEnvironment: 'node',
            transform: tsJest,
            moduleNameMapper,
            testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
          },
        ]
      : []),
  ],
};

export default config;
