import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The parts of the code base, for the import boundaries below. Patterns are folders relative to the
 * repository root, the first match wins; a web feature is each folder under web/src/features.
 * The root's own config files (this one, vitest.config.ts, eslint.resolver.cjs) are left out.
 */
const elements = [
  { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'], partialMatch: false },
  { type: 'web-lib', pattern: 'web/src/lib', partialMatch: false },
  { type: 'web-components', pattern: 'web/src/components', partialMatch: false },
  { type: 'web-test-support', pattern: 'web/src/test', partialMatch: false },
  { type: 'web-app', pattern: 'web/src/app', partialMatch: false },
  // Whatever else sits in web/src: main.tsx, which only mounts the app.
  { type: 'web-entry', pattern: 'web/src', partialMatch: false },
  { type: 'contract', pattern: 'packages/contract', partialMatch: false },
  { type: 'core', pattern: 'packages/core', partialMatch: false },
  { type: 'pipeline', pattern: 'packages/pipeline', partialMatch: false },
  { type: 'local', pattern: 'packages/local', partialMatch: false },
  { type: 'functions', pattern: 'functions', partialMatch: false },
  { type: 'infra', pattern: 'infra', partialMatch: false },
  { type: 'infra-tests', pattern: 'tests/infra', partialMatch: false },
  { type: 'tests', pattern: 'tests', partialMatch: false },
  // Benchmarks, scripts/, web/scripts and web/vite.config.ts (the web/src elements above match first).
  { type: 'tooling', pattern: ['bench', 'scripts', 'web'], partialMatch: false },
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });

/** Everything not allowed here is an error; imports inside one element are free. */
const policies = [
  { from: { element: { type: 'core' } }, allow: to('contract') },
  { from: { element: { type: 'pipeline' } }, allow: to('core', 'contract') },
  { from: { element: { type: 'functions' } }, allow: to('pipeline', 'core', 'contract') },
  { from: { element: { type: 'local' } }, allow: to('pipeline', 'core', 'contract') },
  { from: { element: { type: 'infra' } }, allow: to('core', 'contract') },

  { from: { element: { type: 'web-lib' } }, allow: to('contract') },
  { from: { element: { type: 'web-components' } }, allow: to('web-lib', 'contract') },
  { from: { element: { type: 'web-feature' } }, allow: to('web-components', 'web-lib', 'contract') },
  {
    from: { element: { type: 'web-feature' } },
    allow: { to: { element: { type: 'web-feature', fileInternalPath: 'index.ts' } } },
  },
  { from: { element: { type: 'web-entry' } }, allow: to('web-app') },
  { from: { element: { type: 'web-app' } }, allow: to('web-components', 'web-lib', 'contract') },
  {
    // The shell lazy-loads each page module straight from routes/, so pages stay out of the first load.
    from: { element: { type: 'web-app' } },
    allow: { to: { element: { type: 'web-feature', fileInternalPath: ['index.ts', 'routes/*'] } } },
  },
  { from: { element: { type: 'web-test-support' } }, allow: to('web-app', 'web-components', 'web-lib', 'contract') },
  {
    from: { element: { types: { anyOf: ['web-feature', 'web-lib', 'web-components', 'web-app'] } }, file: { categories: 'test' } },
    allow: to('web-test-support'),
  },

  { from: { element: { type: 'tests' } }, allow: to('functions', 'local', 'pipeline', 'core', 'contract') },
  { from: { element: { type: 'infra-tests' } }, allow: to('infra', 'tests', 'local', 'pipeline', 'core', 'contract') },
  { from: { element: { type: 'tooling' } }, allow: to('functions', 'local', 'pipeline', 'core', 'contract') },
  {
    // The benchmark reports Lambda bundle sizes with the same reader as the synth report; it reads
    // a cloud assembly from disk and holds no CDK constructs.
    from: { element: { type: 'tooling' } },
    allow: { to: { element: { type: 'infra', fileInternalPath: 'report-bundles.ts' } } },
  },
];

/** Files whose `any`s are deliberate: tests read JSON answers and mocked request bodies untyped. */
const testFiles = ['tests/**', 'bench/**', '**/*.test.{ts,tsx}', 'web/src/test/**', 'web/src/features/*/test/**'];

export default defineConfig(
  globalIgnores(['**/node_modules/**', 'web/dist/**', 'cdk.out/**', '.data/**', '.data-demo/**', '.test-data/**', 'bench/.large/**', '**/*.d.ts']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      // Kept from before: test clients' untyped answers (`T = any`); the unsafe-any rules below still guard its use.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A caught error (typed unknown) is passed on as it came, so callers see the original.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      'no-console': 'off',
    },
  },
  {
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/ignore': ['*.{js,ts,cjs}'],
      'boundaries/elements': elements,
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { [`${root}/eslint.resolver.cjs`]: {} },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkUnknownLocals: true, policies }],
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    files: testFiles,
    rules: {
      // Test clients answer `any` bodies on purpose: the assertions on them are the type check.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // Same reason as above: members of untyped JSON answers are read and asserted.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      // Same reason as above: untyped answers are passed on to helpers and matchers.
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Same reason as above: members of untyped answers are called (e.g. `.map`).
      '@typescript-eslint/no-unsafe-call': 'off',
      // Same reason as above: helpers hand untyped answers back to the test.
      '@typescript-eslint/no-unsafe-return': 'off',
      // fetch mocks read RequestInit bodies, which the SPA's client always sends as JSON strings.
      '@typescript-eslint/no-base-to-string': 'off',
      // Test doubles implement async interfaces (dispatchers, services) with immediate answers.
      '@typescript-eslint/require-await': 'off',
      // `(getByLabelText(...) as HTMLInputElement).value`: the Testing Library idiom for typed queries.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.cjs'],
    rules: {
      // CommonJS on purpose: eslint-module-utils loads import resolvers with require().
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
