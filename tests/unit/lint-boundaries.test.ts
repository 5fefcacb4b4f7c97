import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, checked on snippets so the rule cannot silently stop
 * firing (a renamed folder or a changed plugin setting would otherwise pass lint with no check left).
 * Type-aware rules are switched off here: they need the whole program and are not under test.
 */
const eslint = new ESLint({
  cwd: `${import.meta.dirname}/../..`,
  overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false } } }],
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuses a feature reaching into another feature, and allows its index.ts', async () => {
    const file = 'web/src/features/reports/components/Probe.tsx';
    expect(await boundaryErrors(file, "import { accuracy } from '../../goals/lib/goals.ts';\nexport const probe = accuracy;\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "import { accuracy } from '../../goals/index.ts';\nexport const probe = accuracy;\n")).toEqual([]);
    expect(await boundaryErrors(file, "export const probe = () => import('../../goals/components/ClientGoalsTab.tsx');\n")).toHaveLength(1);
  });

  it('refuses web/src/lib importing a feature', async () => {
    expect(await boundaryErrors('web/src/lib/probe.ts', "export { useLogout } from '../features/auth/index.ts';\n")).toHaveLength(1);
  });

  it('lets functions import only the pipeline, core services and the contract', async () => {
    const file = 'functions/clients/probe.ts';
    expect(await boundaryErrors(file, "import { json } from '@caseload/pipeline/http';\nexport const probe = json;\n")).toEqual([]);
    expect(await boundaryErrors(file, "import { createLocalServer } from '@caseload/local/server';\nexport const probe = createLocalServer;\n")).toHaveLength(1);
  });

  it('keeps infra to itself and its own tests', async () => {
    const code = "import { collectBundles } from '../../infra/report-bundles.ts';\nexport const probe = collectBundles;\n";
    expect(await boundaryErrors('tests/integration/probe.test.ts', code)).toHaveLength(1);
    expect(await boundaryErrors('tests/infra/probe.test.ts', code)).toEqual([]);
  });
});
