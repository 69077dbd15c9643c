// ESLint for the whole repository (kept under .ci/ because the top level is fixed; `npm run lint`).
// Beyond the recommended sets, it keeps the three halves apart: the client never imports the
// server, the server never imports the client, and shared code imports neither nor any Node/React.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // public/media holds MPEG-TS video segments, which share TypeScript's .ts extension.
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'public/media/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './src/client', from: './src/server', message: 'The client talks to the server over HTTP only.' },
          { target: './src/server', from: './src/client', message: 'The server must not depend on browser code.' },
          { target: './src/shared', from: ['./src/client', './src/server'], message: 'shared/ is imported by both sides and imports neither.' },
        ],
      }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'no-restricted-imports': ['error', {
        paths: [
          { name: '@mui/material', message: 'Import by path (@mui/material/Button) to keep chunks small.' },
          { name: '@mui/icons-material', message: 'Import by path (@mui/icons-material/Close).' },
        ],
      }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*', 'fs', 'path', 'crypto'], message: 'shared/ runs in the browser too: no Node APIs.' },
          { group: ['react', 'react-*', '@mui/*', 'fastify', '@fastify/*', 'kysely', 'pg'], message: 'shared/ holds contracts and pure helpers only.' },
        ],
      }],
    },
  },
);
