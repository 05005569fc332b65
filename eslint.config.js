import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'scratch/',
      'node_modules/',
      'conformance-report/',
      'coverage/',
      'dist/',
      'src/types/resources.generated.ts',
      'src/validation/validators.generated.cjs',
      'mock/options-validator.generated.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Secrets never leave the process (docs/design.md#secrets-never-leave-the-process): what the product
    // writes, to the console or a file, goes through src/output.ts, which masks them; a write anywhere
    // else could bypass it.
    files: ['src/**/*.ts', 'cli/**/*.ts', 'runner/**/*.ts', 'mock/**/*.ts'],
    ignores: ['src/output.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'stdout', message: 'print through src/output.ts (Output.stdout)' },
        { object: 'process', property: 'stderr', message: 'print through src/output.ts (Output.stderr)' },
      ],
      'no-restricted-imports': [
        'error',
        ...['node:fs', 'fs', 'node:fs/promises', 'fs/promises'].map((name) => ({
          name,
          importNames: [
            'writeFileSync',
            'appendFileSync',
            'writeFile',
            'appendFile',
            'createWriteStream',
            'writeSync',
          ],
          message: 'write files through src/output.ts (Output.file), which masks the secrets',
        })),
      ],
    },
  },
  {
    // Type-aware rules for the TypeScript, each read with tsconfig.json (a .ts file outside its include
    // fails the lint); the few JavaScript files are linted without types. Only the rules that catch an
    // async defect: a promise nobody awaits, a promise where a callback's result is ignored, an await of
    // a non-promise, a return that escapes its try, a rejection that is not an Error.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
    },
  },
);
