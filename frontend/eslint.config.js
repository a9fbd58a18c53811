// ESLint flat config (`npm run lint`, zero warnings allowed). See README.md, "Lint and format".
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Feature folders (src/features/<name>): each may import only from itself and from shared code.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const SHARED = ['./src/components', './src/lib', './src/config', './src/testing', './src/types'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test-results/',
      'e2e/screenshots/',
      'e2e/downloads/',
      'public/',
      'src/lib/api/schema.d.ts',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,

  // Node scripts and config files.
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', '*.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The browser suite runs callbacks inside the page (page.evaluate).
    files: ['e2e/**/*.mjs', 'scripts/lighthouse.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },

  // Application code: type-aware typescript-eslint, hooks, accessibility, import boundaries.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [
      tseslint.configs.recommendedTypeChecked,
      reactHooks.configs.flat.recommended,
      jsxA11y.flatConfigs.recommended,
    ],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.d.ts'] })],
    },
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': 'error',
      // The first Intl.NumberFormat of a page starts ICU's number formatting: 170-250 ms of a
      // phone's first board paint at 4x CPU (issue 31). lib/format.ts formats without it.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: 'Format numbers and money with src/lib/format.ts (no ICU start-up on first paint).',
        },
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message: 'Format numbers and money with src/lib/format.ts (no ICU start-up on first paint).',
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature never imports another feature: the app (src/app) composes them.
            ...features.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'Features do not import each other; compose them in src/app.',
            })),
            {
              target: './src/features',
              from: './src/app',
              message: 'Features do not import the app layer.',
            },
            // Shared code is used by features and the app, never the other way round.
            {
              target: SHARED,
              from: ['./src/features', './src/app'],
              message: 'Shared code (components, lib, config, testing, types) does not import features or the app.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['src/lib/format.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },

  // File and folder names: kebab-case (STYLE.md §2, §10); `.test`, `.d` etc. are ignored.
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.mjs', 'scripts/**/*.mjs'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
);
