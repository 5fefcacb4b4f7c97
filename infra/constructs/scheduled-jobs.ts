/**
 * The scheduled jobs (part 4 §5; docs/scheduled-jobs.md): one EventBridge Scheduler schedule per
 * entry of packages/contract/src/scheduled-jobs.ts, each invoking the one job function
 * (functions/scheduled/run-job.ts) with `{ "job": <name> }`. The schedules' own role may invoke
 * that function alone.
 *
 * The function has its own role, the widest on the table after the migrations' and on purpose:
 * deleting a district reaches every key family of it (its tenant items, its users' e-mail claims,
 * failed-login counters and login sessions, its SSO domains) and writes the deletion certificate
 * (`DELCERT#`); both daily jobs list the districts with a Scan of the table (the only other Scan
 * the stack grants, besides the migrations'). In the export bucket it may list and delete objects,
 * nothing else: it deletes a district's export files and roster uploads, and never reads one. With
 * a digest sender configured (`mailFrom`) it may send e-mail with SES as that sender alone (the
 * weekly digest, docs/reminders.md).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { workers } from '../../packages/contract/src/manifest.ts';
import { scheduledJobNames, scheduledJobs, scheduleExpression } from '../../packages/contract/src/scheduled-jobs.ts';
import type { Data } from './data.ts';
import { READ_ACTIONS, WRITE_ACTIONS } from './access.ts';
import { LOG_RETENTION, type FunctionFactory } from './functions.ts';
import { acknowledge } from './nag.ts';

/** Lambda's limit: a big district's deletion goes on in the next run if this is not enough. */
export const SCHEDULED_JOB_TIMEOUT = Duration.minutes(15);
/** The key families the jobs touch: every family of a district, and the certificates. */
export const SCHEDULED_JOB_KEYS = ['ACCT#*', 'EMAIL#*', 'LSESS#*', 'LOGIN#*', 'SSODOMAIN#*', 'DELCERT#*'] as const;
/** Invocations the scheduler retries before giving up on a day's run (the next day's run resumes). */
export const SCHEDULE_RETRIES = 2;

export interface ScheduledJobsProps {
  data: Data;
  factory: FunctionFactory;
  logKey: kms.IKey;
  environment: Record<string, string>;
  /** The export files' bucket, where a district's files are deleted with it. */
  filesBucket: s3.IBucket;
  /** The site's address, the weekly digest's links start with it (APP_URL). */
  siteUrl: string;
  /** The weekly digest's sender (config `mailFrom`): SES may send as it, and only as it; none: no digest. */
  mailFrom?: string;
}

/** The bare address of a sender written `Name <address>` or `address`. */
export const senderAddress = (mailFrom: string) => (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();

export class ScheduledJobs extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly schedules: scheduler.CfnSchedule[] = [];

  constructor(scope: Construct, id: string, props: ScheduledJobsProps) {
    super(scope, id);
    const def = workers.scheduledJobs;
    const missing = props.factory.missingEntries([def.handler]);
    if (missing.length > 0) throw new Error(`Handler module missing: functions/${def.handler}.ts (the scheduled jobs)`);

    const role = (this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'), description: 'Caseload scheduled jobs (district deletion, retention, reminders, weekly digest)' }));
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: LOG_RETENTION, encryptionKey: props.logKey });
    role.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'OwnLogs', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    props.data.grantTableAccess(role, { actions: [...READ_ACTIONS, ...WRITE_ACTIONS], leadingKeys: [...SCHEDULED_JOB_KEYS], sessionActions: [] });
    role.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'ListAccounts', actions: ['dynamodb:Scan'], resources: [props.data.table.tableArn] }));
    role.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'ListFiles', actions: ['s3:ListBucket'], resources: [props.filesBucket.bucketArn] }));
    role.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'DeleteFiles', actions: ['s3:DeleteObject'], resources: [props.filesBucket.arnForObjects('*')] }));
    // The weekly digest (part 4 §8): SESv2 SendEmail as the configured sender only, on its address's
    // and its domain's identities (whichever of the two is verified), From pinned to that address.
    const mailEnvironment: Record<string, string> = { APP_URL: props.siteUrl };
    if (props.mailFrom) {
      const address = senderAddress(props.mailFrom);
      const stack = Stack.of(this);
      const identity = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          sid: 'SendDigest',
          actions: ['ses:SendEmail'],
          resources: [identity(address), identity(address.slice(address.indexOf('@') + 1))],
          conditions: { StringEquals: { 'ses:FromAddress': address } },
        }),
      );
      Object.assign(mailEnvironment, { MAIL_TRANSPORT: 'ses', MAIL_FROM: props.mailFrom });
    }
    acknowledge(role, {
      'AwsSolutions-IAM5[Resource::*]':
        "X-Ray active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords, added by Lambda's tracing setting): X-Ray supports no resource-level permissions for them. Every other statement names its resources.",
      [`AwsSolutions-IAM5[Resource::<${this.bucketLogicalId(props.filesBucket)}.Arn>/*]`]:
        "Delete only, on the export bucket's objects: a district's files are every object under its prefixes (`<accountId>/`, `roster-uploads/<accountId>/`), known only when its deletion runs.",
      'HIPAA.Security-IAMNoInlinePolicy':
        'The policy belongs to this one role and is created, changed and deleted with it in the same template; tests/infra/scheduled-jobs.test.ts checks it statement by statement.',
    });

    this.fn = props.factory.create(this, 'Function', {
      handler: def.handler,
      description: `Scheduled jobs: district deletion, retention, reminders, weekly digest (${def.handler})`,
      timeout: SCHEDULED_JOB_TIMEOUT,
      memorySize: def.memoryMb,
      environment: { ...props.environment, EXPORTS_BUCKET: props.filesBucket.bucketName, ...mailEnvironment },
      access: { role, logGroup },
      invocation: 'queue',
    });
    acknowledge(this.fn, {
      'HIPAA.Security-LambdaDLQ':
        "Invoked by EventBridge Scheduler only, which retries a failed invocation and then drops it: each job's next daily run does again what a failed one left (a deletion resumes from the account item, a purge finds what is still past the horizon).",
      'Serverless-LambdaDLQ': "Invoked by EventBridge Scheduler only, whose retries and the next day's run stand in for a dead-letter queue.",
      'HIPAA.Security-LambdaConcurrency': 'A few invocations a day; reserving concurrency for them would take capacity from the routes for nothing.',
    });

    const invoker = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': this.fn.env.account } } }),
      description: 'EventBridge Scheduler: invokes the scheduled-jobs function, nothing else',
    });
    invoker.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'InvokeJobs', actions: ['lambda:InvokeFunction'], resources: [this.fn.functionArn] }));
    acknowledge(invoker, {
      'HIPAA.Security-IAMNoInlinePolicy': 'One statement for this one role, created and deleted with it; tests/infra/scheduled-jobs.test.ts checks it.',
    });

    for (const name of scheduledJobNames) {
      const schedule = scheduledJobs[name];
      this.schedules.push(
        new scheduler.CfnSchedule(this, `Schedule-${name}`, {
          description: `Caseload scheduled job: ${name}`,
          scheduleExpression: scheduleExpression(schedule),
          scheduleExpressionTimezone: schedule.zone,
          flexibleTimeWindow: { mode: 'OFF' },
          target: {
            arn: this.fn.functionArn,
            roleArn: invoker.roleArn,
            input: JSON.stringify({ job: name }),
            retryPolicy: { maximumRetryAttempts: SCHEDULE_RETRIES, maximumEventAgeInSeconds: 3600 },
          },
        }),
      );
    }
  }

  /** The bucket's logical id, as cdk-nag names it in findings. */
  private bucketLogicalId(bucket: s3.IBucket): string {
    return Stack.of(this).resolve((bucket.node.defaultChild as s3.CfnBucket).logicalId) as string;
  }
}
