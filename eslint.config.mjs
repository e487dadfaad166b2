import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'docs/api/', 'example-app/dist/', '.scratch/', 'node_modules/', 'bench/out/', 'coverage/', '.ci/out/', 'codegen/dist/', 'codegen/.out/', 'next-app/.next/', 'next-app/next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // Schema and endpoint types are generic over arbitrary user data; `any` is deliberate at
      // those boundaries and the strict tsconfig guards the rest.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '.ci/**'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
