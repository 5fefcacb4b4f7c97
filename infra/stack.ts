/**
 * The Caseload stack: environment-agnostic (no account, region or lookups), so `cdk synth` runs
 * offline; the region comes from the deploying credentials.
 *
 *   CloudFront ─┬─ /*      → S3 (the SPA; index.html for screen paths by a CloudFront Function)
 *               └─ /api/*  → HTTP API ($default) → one Lambda per manifest route → DynamoDB
 *                                                   notes → Bedrock; bulk → SQS → worker → Bedrock
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Construct } from 'constructs';
import { routeList, workers } from '../packages/contract/src/manifest.ts';
import { tableDefinition } from '../packages/core/src/table.ts';
import { defaultConfig, validateConfig, type CaseloadConfig } from './config.ts';
import { declares, workerAccessProfile } from './constructs/access.ts';
import { Alarms } from './constructs/alarms.ts';
import { Api, type ManifestRoute } from './constructs/api.ts';
import { Data } from './constructs/data.ts';
import { Exports } from './constructs/exports.ts';
import { DEFAULT_MEMORY_MB, FunctionFactory } from './constructs/functions.ts';
import { Migrations } from './constructs/migrations.ts';
import { Notes } from './constructs/notes.ts';
import { ScheduledJobs } from './constructs/scheduled-jobs.ts';
import { RolePool } from './constructs/roles.ts';
import { RouteGroupStack, routeGroupOf } from './constructs/routes.ts';
import { Web } from './constructs/web.ts';

/** The bulk worker may run as long as Lambda allows. */
export const WORKER_TIMEOUT = Duration.minutes(15);

export interface CaseloadStackProps extends StackProps {
  config?: Partial<CaseloadConfig>;
  /** Defaults to the manifest's routeList; tests may pass a subset. */
  routes?: readonly ManifestRoute[];
}

export class CaseloadStack extends Stack {
  readonly config: CaseloadConfig;
  readonly data: Data;
  readonly api: Api;
  readonly web: Web;
  readonly notes: Notes;
  readonly worker: lambda.Function;
  readonly alarms: Alarms;
  readonly roles: RolePool;
  readonly migrations: Migrations;
  readonly scheduledJobs: ScheduledJobs;
  /** The nested stacks of API routes, by group (constructs/routes.ts). */
  readonly routeGroups = new Map<string, RouteGroupStack>();

  constructor(scope: Construct, id: string, props: CaseloadStackProps = {}) {
    super(scope, id, { description: 'Caseload: practice management for speech-language pathologists', ...props });
    const config = (this.config = defaultConfig(props.config));
    validateConfig(config);
    const routes = props.routes ?? routeList;
    this.data = new Data(this, 'Data', { tableName: config.tableName });
    const logKey = this.data.opsKey;
    const factory = new FunctionFactory(config);
    this.api = new Api(this, 'Api', {
      rateLimit: config.apiRateLimit,
      burstLimit: config.apiBurstLimit,
      authRateLimit: config.authRateLimit,
      authBurstLimit: config.authBurstLimit,
      logKey,
    });
    this.web = new Web(this, 'Web', {
      apiDomainName: this.api.domainName,
      webDir: config.webDir,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      webAclArn: config.webAclArn,
      allowedCountries: config.allowedCountries,
      logKey,
    });
    this.notes = new Notes(this, 'Notes', { modelId: config.modelId, workerTimeout: WORKER_TIMEOUT });

    // The pipeline accepts a state-changing request when its Origin is the request's own host
    // or listed here. Behind CloudFront the Host is the API's (not forwarded), so the site's
    // origin must be listed. ALLOWED_ORIGIN is the single value, for code that wants one.
    const allowedOrigin = config.allowedOrigin ?? this.web.siteUrl;
    const environment: Record<string, string> = {
      TABLE_NAME: this.data.table.tableName,
      NODE_OPTIONS: '--enable-source-maps',
      ALLOWED_ORIGIN: allowedOrigin,
      ALLOWED_ORIGINS: allowedOrigin,
      // Served over HTTPS only: cookies are always Secure.
      COOKIE_SECURE: 'true',
      NOTE_GENERATOR: 'bedrock',
      BEDROCK_MODEL_ID: config.modelId,
      TOTP_KMS_KEY_ID: this.data.totpKey.keyArn,
    };

    // Resolved by CloudFormation at deploy time (a dynamic reference, never in the template).
    const authEnvironment = { SECRET_ENCRYPTION_KEY: this.data.totpSealingSecret.secretValue.unsafeUnwrap() };
    const cursorEnvironment = { CURSOR_SIGNING_KEY: this.data.cursorKeySecret.secretValue.unsafeUnwrap() };
    const roles = (this.roles = new RolePool(this, 'Roles', { data: this.data, notes: this.notes, logKey }));
    this.alarms = new Alarms(this, 'Alarms', {
      httpApi: this.api.httpApi,
      table: this.data.table,
      indexNames: tableDefinition.globalSecondaryIndexes.map((g) => g.indexName),
      deadLetterQueue: this.notes.deadLetterQueue,
      backupVault: this.data.backupVault,
      modelId: config.modelId,
      alarmEmail: config.alarmEmail,
      topicKey: this.data.opsKey,
      webAclArn: config.webAclArn,
    });
    const groupOf = (route: ManifestRoute) => {
      const name = routeGroupOf(route.path);
      let group = this.routeGroups.get(name);
      if (!group) this.routeGroups.set(name, (group = new RouteGroupStack(this, name)));
      return group;
    };
    this.api.addManifestRoutes({
      routes,
      factory,
      environment,
      authEnvironment,
      authKey: this.data.totpKey,
      cursorEnvironment,
      roles,
      notes: this.notes,
      scopeFor: groupOf,
    });
    for (const { route, fn } of this.api.routeFunctions) {
      this.alarms.addRouteAlarms(groupOf(route), route, fn, fn.timeout!.toSeconds());
    }

    const worker = workers.bulkGenerationWorker;
    const missingWorker = factory.missingEntries([worker.handler]);
    if (missingWorker.length > 0) throw new Error(`Handler module missing: functions/${worker.handler}.ts (the bulk note worker)`);
    const workerProfile = workerAccessProfile(worker);
    this.worker = factory.create(this.notes, 'BulkGenerationWorker', {
      handler: worker.handler,
      description: `SQS bulk progress-note generation (${worker.handler})`,
      timeout: WORKER_TIMEOUT,
      memorySize: worker.memoryMb ?? DEFAULT_MEMORY_MB,
      environment: { ...environment, ...(workerProfile.totp ? authEnvironment : {}) },
      environmentEncryption: workerProfile.totp ? this.data.totpKey : undefined,
      access: roles.accessFor(workerProfile),
      pdf: declares(worker, 'pdf'),
      invocation: 'queue',
      // As many as the event source may run at once: that capacity is always there for the
      // worker and never more (Bedrock load). Accounts still at the initial concurrency quota of
      // 10 must raise it before deploying (Lambda keeps 10 unreserved).
      reservedConcurrentExecutions: config.bulkWorkerConcurrency,
      deadLetterQueue: this.notes.deadLetterQueue,
      onFailure: new SqsDestination(this.notes.deadLetterQueue),
    });
    this.notes.attachWorker(this.worker, config.bulkWorkerConcurrency);
    const exportFiles = new Exports(this, 'Exports', { routeFunctions: this.api.routeFunctions, worker: this.worker, logBucket: this.web.logBucket });

    // Every pending data migration, run by each deploy once the table exists (constructs/migrations.ts).
    this.migrations = new Migrations(this, 'Migrations', {
      data: this.data,
      factory,
      logKey,
      environment: { TABLE_NAME: this.data.table.tableName, NODE_OPTIONS: '--enable-source-maps' },
    });

    // Deletion at contract end and retention, on EventBridge Scheduler (constructs/scheduled-jobs.ts).
    this.scheduledJobs = new ScheduledJobs(this, 'ScheduledJobs', {
      data: this.data,
      factory,
      logKey,
      environment: { TABLE_NAME: this.data.table.tableName, NODE_OPTIONS: '--enable-source-maps' },
      filesBucket: exportFiles.bucket,
      siteUrl: this.web.siteUrl,
      mailFrom: config.mailFrom,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteUrl, description: 'Open this in a browser' });
    new CfnOutput(this, 'ApiUrl', { value: `${this.web.siteUrl}/api`, description: 'The API, through CloudFront' });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.stage.url, description: 'The HTTP API directly (execute-api)' });
    new CfnOutput(this, 'DistributionDomainName', { value: this.web.distribution.distributionDomainName, description: 'CNAME target for a custom domain' });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'BulkQueueUrl', { value: this.notes.queue.queueUrl });
    new CfnOutput(this, 'BulkDeadLetterQueueUrl', { value: this.notes.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn, description: 'Subscribe operators here' });
    new CfnOutput(this, 'BedrockModelId', { value: config.modelId });
  }
}
