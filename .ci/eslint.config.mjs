// ESLint for the whole repository (kept under .ci/ because the top level is fixed; `npm run lint`).
// Beyond the recommended sets, it keeps the three halves apart: the client never imports the
// server, the server never imports the client, and shared code imports neither nor any Node/React.
//
// Client features (src/client/features/<name>/) see each other only through a public surface,
// three files at the top of each feature folder:
//   <name>Api.ts        its RTK Query endpoints and their hooks (reads and writes of the server)
//   <name>Events.ts     its actions: events other features may dispatch or listen for
//   <name>Selectors.ts  read-only selectors of its client state
// Everything else (slices and their reducers, listeners, components, pages, hooks) is the
// feature's own: a feature that needs more of another asks for it to be made public, or the piece
// moves down to src/client/components (shared UI) or src/client/lib (shared logic). app/ wires the
// features together and may import any of them; nothing but the entry points imports app/. The
// layers and the server's are drawn in .ci/eslint/clientBoundaries.mjs and serverBoundaries.mjs.
// import-x/no-cycle refuses cycles of value imports here; `npm run cycles` also counts type imports
// and cycles between features or modules.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { clientZones } from './eslint/clientBoundaries.mjs';
import { serverZones } from './eslint/serverBoundaries.mjs';
import { e2eRules } from './eslint/e2eRules.mjs';

const FEATURES_DIR = path.resolve(import.meta.dirname, '../src/client/features');
const features = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const publicSurface = ['Api', 'Events', 'Selectors'].map((kind) => `${FEATURES_DIR}/*/*${kind}.ts`);
/** One zone per feature: the other features' folders are closed to it, except their public files. */
const featureZones = features.map((feature) => ({
  target: `${FEATURES_DIR}/${feature}/**`,
  from: features.filter((other) => other !== feature).map((other) => `${FEATURES_DIR}/${other}/**`),
  except: publicSurface,
  message:
    'Another feature is reached only through its public files: xApi.ts, xEvents.ts, xSelectors.ts' +
    ' (see the top of .ci/eslint.config.mjs).',
}));

export default tseslint.config(
  // public/media holds MPEG-TS video segments, which share TypeScript's .ts extension.
  {
    ignores: [
      'dist/**',
      'dist-ssr/**',
      'dist-server/**',
      '.scratch/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'public/media/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // no-cycle follows imports by parsing the imported files: TypeScript ones included.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      // Packages are not followed: a cycle inside node_modules is not ours to fix (and parsing them is slow).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/client', from: './src/server', message: 'The client talks to the server over HTTP only.' },
            { target: './src/server', from: './src/client', message: 'The server must not depend on browser code.' },
            {
              target: './src/shared',
              from: ['./src/client', './src/server'],
              message: 'shared/ is imported by both sides and imports neither.',
            },
            {
              target: './src',
              from: ['./tests', './e2e', './scripts'],
              message: 'The product never imports its tests or build-time tools: move what both need into src/.',
            },
            ...featureZones,
            ...clientZones,
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mui/material', message: 'Import by path (@mui/material/Button) to keep chunks small.' },
            { name: '@mui/icons-material', message: 'Import by path (@mui/icons-material/Close).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'shared/ runs in the browser too: no Node APIs.' },
            {
              group: ['react', 'react-*', '@mui/*', 'fastify', '@fastify/*', 'kysely', 'pg'],
              message: 'shared/ holds contracts and pure helpers only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Prettier wraps code at 120 columns but leaves comments and strings whole: this keeps them in the
    // same width (core max-len: deprecated for @stylistic's copy, still in ESLint 9).
    rules: { 'max-len': ['error', { code: 120, tabWidth: 2, ignoreUrls: true }] },
  },
  {
    // Tests quote the product's messages and name their cases in one sentence, which reads (and greps)
    // best whole; benchmarks and build-time generators print report rows and write SVG or ffmpeg filter
    // strings. There strings and template literals may run long; code and comments still keep to 120.
    files: ['tests/**', 'scripts/**'],
    rules: {
      'max-len': [
        'error',
        {
          code: 120,
          tabWidth: 2,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
  {
    // A file a newcomer can read in one sitting, a function that fits a screen or two: split a bigger
    // one by responsibility, under a name that says what the part does.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Two lists that read best whole: the database's tables, and every setting with its parser.
    files: ['src/server/db/schema.ts', 'src/server/configSettings.ts'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  ...e2eRules,
);
