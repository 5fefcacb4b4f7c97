import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * One test run, five projects: unit (pure code), integration (the real handlers over DynamoDB Local,
 * started once per run), web (components in happy-dom), infra (the synthesized CDK template) and
 * e2e (Chromium against a local server).
 *
 * Time (docs/testing.md): the first four share one worker per core (vitest's default keeps one core
 * for its main process, which idles here while workers wait on DynamoDB Local: on 2 cores that ran
 * every file one after another); the browser journeys follow in a group of their own, one file at a
 * time, so no other test file competes with Chromium for the cores.
 */
/**
 * Every test process hashes passwords at a low scrypt cost (configuration, not a mock), so no test
 * depends on this machine's speed; production refuses anything below the OWASP cost. Tests provoke
 * faults on purpose, and their expected WARN and ERROR lines would bury a real failure: the logger
 * is silent unless a test asks for it (tests/integration/no-phi-in-logs.test.ts raises it to DEBUG
 * and reads every line), and metrics are read from the Metrics instance rather than EMF lines.
 */
const env = {
  PASSWORD_HASH_COST: '10',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  POWERTOOLS_METRICS_DISABLED: 'true',
  POWERTOOLS_LOG_LEVEL: 'SILENT',
};

/**
 * The web test files that replace a module with `vi.mock`. A replacement only takes effect in a
 * module registry that has not loaded the module yet, so these files get a registry of their own;
 * the other web files share their worker's (Chakra, React and the app load once per worker, not per
 * file: 135 s down to 50 s). Found by reading the files, so a new test that mocks is placed by itself.
 */
function webTestsThatMock(): string[] {
  const root = join(import.meta.dirname, 'web/src');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => readFileSync(join(root, file), 'utf8').includes('vi.mock('))
    .map((file) => `web/src/${file.split('\\').join('/')}`);
}
const mockingWebTests = webTestsThatMock();

const webTest: { environment: 'happy-dom'; setupFiles: string[]; testTimeout: number } = {
  environment: 'happy-dom',
  setupFiles: ['web/src/test/setup.ts'],
  // A hang guard, not a speed check: a screen test that types, saves and waits for state
  // takes 1–3 s alone and more than 5 s (vitest's default) on two cores shared with the
  // rest of the suite.
  testTimeout: 60_000,
};

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      // A hang guard as well: the lint-boundary checks run ESLint, over 5 s (the default) on a busy machine.
      { test: { name: 'unit', env, include: ['packages/**/*.test.ts', 'tests/unit/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'integration',
          env,
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          setupFiles: ['tests/support/integration-setup.ts'],
          // A hang guard, not a speed check: the slowest files (300 parallel sign-in codes, a bulk job
          // of 60 notes) take 10–15 s alone and went past 30 s with two other full runs on the 2 cores.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: { ...webTest, name: 'web', env, include: ['web/src/**/*.test.tsx', 'web/src/**/*.test.ts'], exclude: mockingWebTests, isolate: false },
      },
      {
        plugins: [react()],
        test: { ...webTest, name: 'web-mocks', env, include: mockingWebTests },
      },
      {
        test: {
          name: 'infra',
          env,
          include: ['tests/infra/**/*.test.ts'],
          // The files share a worker's modules: aws-cdk-lib (seconds to import) loads once, not per file.
          // Each file builds its own App and stacks; none changes a module's state.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          env,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/dynamodb-global-setup.ts', 'tests/support/browser-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits for state; its 1 s default is a speed check on a loaded machine (the
          // signatures journey lost its dashboard poll that way in CI). A hang guard instead, like findBy's.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
