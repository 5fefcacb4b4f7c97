/**
 * The CDK app (cdk.json runs `npx tsx infra/app.ts`). Settings are context values, see
 * infra/config.ts and infra/README.md; e.g.
 *
 *   npx cdk synth -c modelId=us.anthropic.claude-3-5-haiku-20241022-v1:0 -c alarmEmail=ops@district.org
 *
 * After a synth with real bundling it prints every function's bundle size (to stderr, so it never
 * mixes with a template printed on stdout). `-c bundleReport=false` turns that off.
 */
import { App } from 'aws-cdk-lib';
import { configFromContext } from './config.ts';
import { collectBundles, formatReport } from './report-bundles.ts';
import { EDGE_REGION, EdgeStack } from './constructs/edge.ts';
import { CaseloadStack } from './stack.ts';

const app = new App();
const context = (key: string): unknown => app.node.tryGetContext(key);
const config = configFromContext(context);
const stackName = (context('stackName') as string | undefined) ?? 'Caseload';

new CaseloadStack(app, stackName, { config });
// Deployed once, before the main stack: its WebAclArn output is the main stack's webAclArn.
new EdgeStack(app, `${stackName}Edge`, {
  env: { region: EDGE_REGION },
  signInRatePer5Min: config.signInRatePerIpPer5Min,
  apiRatePer5Min: config.apiRatePerIpPer5Min,
  alarmEmail: config.alarmEmail,
});
const assembly = app.synth();

if (config.bundling !== 'inline' && context('bundleReport') !== 'false' && context('bundleReport') !== false) {
  console.error(formatReport(collectBundles(assembly.directory)));
}
