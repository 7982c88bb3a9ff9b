// ESLint over the TypeScript sources, the tests and the scripts (`npm run lint`); Prettier owns the layout.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // What .gitignore leaves out (builds, the single executable's staging in dist/, test output) is not linted either.
  { ignores: ['**/out/', 'dist/', '.e2e/', 'test-results/', 'test/fuzz/findings/', 'test/bench/results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The bundles are CommonJS: a lazy require() keeps a module's load cost off the lints that never need it.
      '@typescript-eslint/no-require-imports': 'off',
      // Escaping output and telling binary input apart match control characters on purpose.
      'no-control-regex': 'off',
      // A leading underscore marks a binding kept on purpose, as tsc's noUnusedParameters reads it.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['test/**'],
    // Tests match YAML text, whose indentation reads best written out.
    rules: { 'no-regex-spaces': 'off' },
  },
  {
    // Node scripts in CommonJS whose functions passed to page.evaluate() run in the browser.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.browser } },
  },
);
