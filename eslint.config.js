import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every way a file inside a feature can name another feature's folder (features are at most four folders deep). */
const importsOfFeature = (feature) =>
  ['../', '../../', '../../../', '../../../../'].flatMap((up) => [`${up}${feature}`, `${up}${feature}/**`]).concat(`**/features/${feature}`, `**/features/${feature}/**`);

/**
 * The server's rooms, read from the disk like the web's features: each folder under modules/ is a module; what else
 * sits in src/ beside db/, lib/, modules/ and config.ts is a program that uses the modules (app, main, cli, seed).
 */
const serverSrc = './apps/server/src';
/** The zones' paths are from the repository's root, whichever folder eslint is started from. */
const repositoryRoot = fileURLToPath(new URL('.', import.meta.url));
const serverModules = readdirSync(new URL(`${serverSrc}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverPrograms = readdirSync(new URL(serverSrc, import.meta.url), { withFileTypes: true })
  .filter((entry) => !['db', 'lib', 'modules', 'config.ts'].includes(entry.name) && (entry.isDirectory() || /\.ts$/.test(entry.name)))
  .map((entry) => `${serverSrc}/${entry.name}`);
const moduleFolder = (module) => `${serverSrc}/modules/${module}`;

const serverZones = [
  {
    // Route files, and the plugins and hooks that also answer or decorate requests.
    target: `${serverSrc}/modules/**/*.{routes,plugin,hook}.ts`,
    from: `${serverSrc}/db`,
    message: 'A route does not query: it calls its module’s service, and the module’s repository reads db/.',
  },
  {
    target: [`${serverSrc}/db`, `${serverSrc}/lib`],
    from: [`${serverSrc}/modules`, ...serverPrograms],
    message: 'db/ and lib/ sit below the modules: pass in what they need instead of importing a module.',
  },
  {
    target: `${serverSrc}/modules`,
    from: serverPrograms,
    message: 'Modules do not import the programs that use them (app, main, cli, seed).',
  },
  // A module is used through its public index.ts: by the other modules, by the registry of routes (modules/index.ts)
  // and by the programs alike. What another module needs is exported there.
  ...serverModules.map((module) => ({
    target: [...serverModules.filter((other) => other !== module).map(moduleFolder), `${serverSrc}/modules/index.ts`, ...serverPrograms],
    from: moduleFolder(module),
    except: ['./index.ts'],
    message: `Import modules/${module} through its index.ts (export there what other code needs), not its inner files.`,
  })),
];

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
    // The server's zones: routes → services → repositories → db; db/ and lib/ know no module; modules meet through
    // their index.ts. Tests may reach inside a module to test it, so they are outside the zones.
    files: ['apps/server/src/**/*.{ts,mts,mjs}'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: [`${repositoryRoot}apps/server/tsconfig.json`] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones, basePath: repositoryRoot }],
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
