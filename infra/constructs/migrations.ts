/**
 * Data migrations as a deployment step: a CDK Trigger (a custom resource CloudFormation runs during
 * `cdk deploy`) invokes functions/operations/run-migrations.ts after the table exists, and again
 * whenever that function's code or configuration changes (each release that adds a migration
 * changes its bundle). The handler runs every pending migration in order
 * (packages/core/src/run-migrations.ts) and each leaves its marker item naming the release that
 * ran it; a failure fails the deploy, which rolls back, and the next deploy resumes.
 *
 * Its own role, not a route's: a migration lists every account (a Scan of the table itself, the
 * only Scan the stack grants), reads tenant items and the table's indexes, and writes tenant items
 * (`ACCT#*`) and the migration markers (`MIGRATION#*`). No login-session, e-mail or sign-in key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as triggers from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import { workers } from '../../packages/contract/src/manifest.ts';
import { repoRoot } from '../config.ts';
import type { Data } from './data.ts';
import { READ_ACTIONS, WRITE_ACTIONS } from './access.ts';
import { LOG_RETENTION, type FunctionFactory } from './functions.ts';
import { acknowledge } from './nag.ts';

/** Lambda's limit: a district's first run of a backfill over every account may be long. */
export const MIGRATION_TIMEOUT = Duration.minutes(15);
/** Tenant items and the migration markers (packages/core/src/keys.ts `operatorKeys.migration`). */
export const MIGRATION_KEYS = ['ACCT#*', 'MIGRATION#*'] as const;

/** The release the markers name: the repository's package version. */
export const releaseVersion = (): string => (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

export interface MigrationsProps {
  data: Data;
  factory: FunctionFactory;
  logKey: kms.IKey;
  environment: Record<string, string>;
}

export class Migrations extends Construct {
  readonly fn: lambda.Function;
  readonly trigger: triggers.Trigger;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: MigrationsProps) {
    super(scope, id);
    const def = workers.dataMigrations;
    const missing = props.factory.missingEntries([def.handler]);
    if (missing.length > 0) throw new Error(`Handler module missing: functions/${def.handler}.ts (the data migrations)`);

    const role = (this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Caseload data migrations run by each deploy',
    }));
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: LOG_RETENTION, encryptionKey: props.logKey });
    role.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'OwnLogs', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    props.data.grantTableAccess(role, { actions: [...READ_ACTIONS, ...WRITE_ACTIONS], leadingKeys: [...MIGRATION_KEYS], sessionActions: [] });
    // accountIds() in core/migrations.ts: the accounts are found by scanning the table (not an index).
    role.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'ListAccounts', actions: ['dynamodb:Scan'], resources: [props.data.table.tableArn] }));
    acknowledge(role, {
      'AwsSolutions-IAM5[Resource::*]':
        "X-Ray active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords, added by Lambda's tracing setting): X-Ray supports no resource-level permissions for them. Every other statement names its resources.",
      'HIPAA.Security-IAMNoInlinePolicy':
        'The policy belongs to this one role and is created, changed and deleted with it in the same template; tests/infra/migrations.test.ts checks it statement by statement.',
    });

    this.fn = props.factory.create(this, 'Function', {
      handler: def.handler,
      description: `Data migrations run by each deploy (${def.handler})`,
      timeout: MIGRATION_TIMEOUT,
      memorySize: def.memoryMb,
      environment: { ...props.environment, CASELOAD_RELEASE: releaseVersion() },
      access: { role, logGroup },
      invocation: 'queue',
    });
    acknowledge(this.fn, {
      'HIPAA.Security-LambdaDLQ':
        'Invoked synchronously by the deployment (a CDK Trigger) only: a failure fails the deploy, which CloudFormation rolls back; there is no asynchronous invocation whose event a dead-letter queue could keep.',
      'Serverless-LambdaDLQ': 'Invoked synchronously by the deployment only; a failure fails and rolls back the deploy, so a dead-letter target would never receive anything.',
      'HIPAA.Security-LambdaConcurrency': 'Runs once per deploy, invoked by CloudFormation; reserving concurrency for it would take capacity from the routes for nothing.',
    });

    this.trigger = new triggers.Trigger(this, 'Trigger', {
      handler: this.fn,
      executeAfter: [props.data.table],
      executeOnHandlerChange: true,
      timeout: MIGRATION_TIMEOUT,
    });
  }
}
