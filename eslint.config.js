// ESLint (flat config) for the whole repository: a small set of rules that find real mistakes (unused
// code, unreachable code, duplicate keys or cases), not style. The code's style is kept by review;
// there is no formatter run (Prettier would rewrite most files: long lines and one-line blocks are the
// house style). `npm run lint` runs it; `npm test` runs it as its first leg.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/coverage/**', '**/.tap/**', 'data/**', 'tmp/**',
      // Built bundles kept as test fixtures.
      'core/test/fixtures/plugins/*/built-remote/**', 'tooling/e2e/fixtures/plugins/*/remote/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,jsx}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {
        args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true,
      }],
      'no-debugger': 'error',
      'no-unreachable': 'error',
      'no-dupe-keys': 'error',
      'no-duplicate-case': 'error',
      'no-dupe-else-if': 'error',
      'no-self-assign': 'error',
      'no-unsafe-finally': 'error',
      'no-constant-binary-expression': 'error',
    },
  },
  {
    // The console and the remotes: hooks called in order, effects that name what they read.
    files: ['host-web/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'tooling/create-plugin/**/*.{ts,tsx,mjs}', 'tooling/plugin-kit/examples/*/remote/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
