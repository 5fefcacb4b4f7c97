/**
 * Acknowledging a finding of AWS's rule packs (cdk-nag: AwsSolutions, HIPAA Security, Serverless;
 * tests/infra/nag.test.ts runs them). An acknowledgement is CDK's own `Validations.acknowledge`,
 * recorded on the narrowest construct that has the finding, always with the reason it does not
 * apply to Caseload and what covers the risk instead. Never on the app or a stack (the test
 * refuses that).
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Rule id (or `RuleId[finding]`) → reason. */
export type Reasons = Record<string, string>;

export function acknowledge(scope: IConstruct, reasons: Reasons) {
  for (const [id, reason] of Object.entries(reasons)) Validations.of(scope).acknowledge({ id, reason });
}
