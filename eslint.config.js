import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every way a file inside a feature can name another feature's folder (features are at most four folders deep). */
const importsOfFeature = (feature) =>
  ['../', '../../', '../../../', '../../../../'].flatMap((up) => [`${up}${feature}`, `${up}${feature}/**`]).concat(`**/features/${feature}`, `**/features/${feature}/**`);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.scratch*/**', '**/*.tmp.*', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Domain rules are pure: no I/O, so they run the same in the browser and on the server.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'crypto'], message: 'packages/domain is pure: no Node APIs.' }] }],
    },
  },
  // Features never import each other (bulletproof-react): app/ composes them; shared/ is for everyone. One zone per
  // folder under apps/web/src/features, read from the disk so a new feature gets its zone at once.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../app/*', '../../../app/*', '../../../../app/*'], message: 'Features do not import app/: pass what they need in.' },
            {
              group: webFeatures.filter((other) => other !== feature).flatMap(importsOfFeature),
              message: `Features do not import each other: move what ${feature} shares to shared/, or let app/ compose them.`,
            },
          ],
        },
      ],
    },
  })),
);
