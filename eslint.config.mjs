// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const HTTP_METHODS = 'GET|POST|PUT|PATCH|DELETE|HEAD';

// The rules here catch bugs (promises, exhaustiveness, equality) or enforce the house rules that
// review would otherwise have to catch: named exports, process.env only in platform/config,
// no HttpException in contexts, no forwardRef. Formatting is Prettier's job.
export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'docs/**', 'test-output/**', 'bench/results/**'] },
  eslint.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.test.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Single-line `if (x) return y;` is the house style; a multi-line body needs braces.
      curly: ['error', 'multi-line'],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports (house style); only the TypeORM CLI data source is a default export.',
        },
        {
          selector: 'ExportAllDeclaration',
          message: 'Export names explicitly: an index.ts lists what a folder offers, so `export *` cannot leak internals.',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration through AppConfig (src/platform/config is the only reader of process.env).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['forwardRef'],
              message: 'forwardRef hides a dependency cycle: restructure instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function longer than a screen hides the steps a reader needs named; split out the pure parts
    // (with their unit tests). Migrations are one schema's SQL, read top to bottom.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts', 'src/platform/database/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/platform/config/**/*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The TypeORM CLI (migration:generate) loads the data source through its default export.
    files: ['src/platform/database/data-source.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: [
                'forwardRef',
                'HttpException',
                'BadRequestException',
                'UnauthorizedException',
                'ForbiddenException',
                'NotFoundException',
                'ConflictException',
                'InternalServerErrorException',
              ],
              message: 'Contexts throw ApiError from their <context>.errors.ts; forwardRef hides a cycle.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: {
      // Response bodies are parsed JSON: asserting on them field by field is the point of the tests.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Every response a test sees is checked against the OpenAPI document by test/support/checked-request.ts.
    files: ['test/**/*.ts'],
    ignores: ['test/support/checked-request.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'urllib',
              message:
                'Use request from test/support/checked-request (or call()): it checks the response against the OpenAPI document.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Use request from test/support/checked-request: it checks the response against the OpenAPI document.',
        },
      ],
    },
  },
  {
    // describe('<METHOD> <path>') at the top of an e2e file, it('should <behavior> when <condition>').
    files: ['test/e2e/**/*.e2e-spec.ts', 'test/contract/**/*.e2e-spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Program > ExpressionStatement > CallExpression[callee.name='describe'] > Literal.arguments:first-child:not([value=/^(${HTTP_METHODS}) \\/\\S*( .+)?$/])`,
          message:
            "Top-level describe titles are '<METHOD> <path>' plus an optional qualifier, e.g. describe('GET /groups/{groupId}/events').",
        },
        {
          selector: `CallExpression[callee.name='it'] > Literal.arguments:first-child:not([value=/^should /])`,
          message: "Test titles read it('should <behavior> when <condition>').",
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.js', 'bench/**/*.js', '*.cjs', 'jest.config.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      sourceType: 'commonjs',
      globals: Object.fromEntries(
        [
          'require',
          'module',
          'process',
          '__dirname',
          'console',
          'structuredClone',
          'setTimeout',
          'Buffer',
          'URL',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  prettier,
);
