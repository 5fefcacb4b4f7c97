/**
 * The synthesized CloudFormation template of the Caseload stack (issue 7's acceptance list).
 * Synthesized without bundling (inline placeholder code) so it runs in seconds; bundle.test.ts
 * covers real bundling.
 */
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList, workers, type Capability, type FunctionDef } from '../../packages/contract/src/manifest.ts';
import { tableDefinition } from '../../packages/core/src/table.ts';
import { ALARM_THRESHOLDS, DEFAULT_MODEL_ID, LIMITS } from '../../infra/config.ts';
import { READ_ACTIONS, WRITE_ACTIONS } from '../../infra/constructs/access.ts';
import { RUNTIME } from '../../infra/constructs/functions.ts';
import { CONTENT_SECURITY_POLICY } from '../../infra/constructs/web.ts';
import { ROUTE_GROUP_CEILING, TEMPLATE_CEILING, routeGroupOf } from '../../infra/constructs/routes.ts';
import { CaseloadStack } from '../../infra/stack.ts';
import { TOTP_KMS_PURPOSE } from '../../packages/core/src/auth/secret-box.ts';
import {
  asList,
  handlerFunctions,
  mergedResources,
  ofType,
  refId,
  referencedIds,
  statements,
  statementsOfHandler,
  synthStack,
  type Resource,
  type Statement,
  type Synth,
} from './support.ts';

const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const WORKER = 'notes/bulk-generation-worker';
/** The deploy's data-migration function (tests/infra/migrations.test.ts checks its own environment and access). */
const MIGRATIONS = workers.dataMigrations.handler;
/** The scheduled jobs' function (tests/infra/scheduled-jobs.test.ts checks its own environment and access). */
const SCHEDULED = workers.scheduledJobs.handler;

let s: Synth;
beforeAll(() => {
  s = synthStack();
});

const only = <T>(items: T[], what: string): T => {
  if (items.length !== 1) throw new Error(`expected exactly one ${what}, found ${items.length}`);
  return items[0]!;
};
const actionsOf = (st: Statement) => asList(st.Action);

const declarations = new Map<string, FunctionDef>([...routeList, ...Object.values(workers)].map((f) => [f.handler, f]));
/** Whether the manifest declares `capability` for the function made from `handler`. */
const declared = (handler: string, capability: Capability) => declarations.get(handler)?.uses?.includes(capability) ?? false;
const tableId = () => only(ofType(s.resources, 'AWS::DynamoDB::Table'), 'table')[0];

describe('API: one function per manifest route', () => {
  it('has a Lambda function for every manifest route, the bulk worker, the data migrations and the scheduled jobs, nothing unexpected', () => {
    const fns = handlerFunctions(s.resources);
    const expected = [...routeList.map((r) => r.handler), WORKER, MIGRATIONS, SCHEDULED].sort();
    expect([...fns.keys()].sort()).toEqual(expected);
  });

  it('wires every manifest route to its own function through an HTTP API route with the same key', () => {
    const routes = ofType(s.resources, 'AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(routeList.length);
    const fns = handlerFunctions(s.resources);
    const apiId = only(ofType(s.resources, 'AWS::ApiGatewayV2::Api'), 'HTTP API')[0];

    for (const route of routeList) {
      const routeKey = `${route.method} ${route.path}`;
      const [, apiRoute] = only(
        routes.filter(([, r]) => r.Properties?.RouteKey === routeKey),
        `route ${routeKey}`,
      );
      expect(refId(apiRoute.Properties?.ApiId)).toBe(apiId);
      // Target: integrations/<Ref integration>
      const integrationId = [...referencedIds(apiRoute.Properties?.Target)][0]!;
      const integration = s.resources[integrationId]!;
      expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      const fn = fns.get(route.handler)!;
      expect(refId(integration.Properties?.IntegrationUri), routeKey).toBe(fn.id);
      expect(fn.resource.Properties?.Description).toBe(`${routeKey} (${route.handler})`);
      // API Gateway may invoke it, and only from this API.
      const permissions = ofType(s.resources, 'AWS::Lambda::Permission').filter(([, p]) => refId(p.Properties?.FunctionName) === fn.id);
      expect(permissions.length, routeKey).toBeGreaterThan(0);
      for (const [, p] of permissions) {
        expect(p.Properties?.Principal).toBe('apigateway.amazonaws.com');
        expect(referencedIds(p.Properties?.SourceArn).has(apiId)).toBe(true);
      }
    }
  });

  it("runs every function on nodejs24.x, arm64, traced, with JSON logs into its access profile's KMS-encrypted log group with a retention, the one its role may write", () => {
    expect(RUNTIME.name).toBe('nodejs24.x');
    for (const [handler, { resource }] of handlerFunctions(s.resources)) {
      const p = resource.Properties!;
      expect(p.Runtime, handler).toBe('nodejs24.x');
      expect(p.TracingConfig, handler).toEqual({ Mode: 'Active' });
      expect(p.Architectures, handler).toEqual(['arm64']);
      expect(p.Handler, handler).toBe('index.handler');
      expect(p.LoggingConfig?.LogFormat, handler).toBe('JSON');
      const logGroup = s.resources[refId(p.LoggingConfig?.LogGroup)!]!;
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties?.RetentionInDays).toBe(30);
      expect(s.resources[refId(logGroup.Properties?.KmsKeyId)!]?.Type, handler).toBe('AWS::KMS::Key');
      // The role writes its own profile's group and no other (a shared group keeps each
      // function apart by its stream names).
      const roleId = refId(p.Role)!;
      const own = statements(s.resources).filter(({ roles, statement }) => roles.includes(roleId) && statement.Sid === 'OwnLogs');
      expect(own.map(({ statement }) => [...referencedIds(statement.Resource)]), handler).toEqual([[refId(p.LoggingConfig?.LogGroup)]]);
    }
    // No Node function of any kind (ours or CDK's helpers) on another Node runtime.
    for (const [id, r] of ofType(s.resources, 'AWS::Lambda::Function')) {
      const runtime = String(r.Properties?.Runtime ?? '');
      if (runtime.startsWith('nodejs')) expect(runtime, id).toBe('nodejs24.x');
    }
    // Every log group of the stack is encrypted with a KMS key and expires.
    for (const [id, g] of ofType(s.resources, 'AWS::Logs::LogGroup')) {
      expect(refId(g.Properties?.KmsKeyId), id).toBeDefined();
      expect(g.Properties?.RetentionInDays, id).toBeGreaterThan(0);
    }
  });

  it('gives functions the environment the handlers read', () => {
    const table = tableId();
    for (const [handler, { resource }] of handlerFunctions(s.resources)) {
      if (handler === MIGRATIONS || handler === SCHEDULED) continue;
      const env = resource.Properties!.Environment.Variables as Record<string, unknown>;
      expect(refId(env.TABLE_NAME), handler).toBe(table);
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(env.NOTE_GENERATOR).toBe('bedrock');
      expect(env.BEDROCK_MODEL_ID).toBe(DEFAULT_MODEL_ID);
      expect(env.COOKIE_SECURE).toBe('true');
      expect(env.ALLOWED_ORIGINS).toEqual(env.ALLOWED_ORIGIN);
      expect(JSON.stringify(env.ALLOWED_ORIGINS)).toContain('DomainName');
      expect(env.TOTP_KMS_KEY_ID).toBeDefined();
      expect('BULK_QUEUE_URL' in env, handler).toBe(declared(handler, 'bulkQueue'));
    }
  });

  it('hands the TOTP sealing key only to functions that declare it: a deploy-time secret reference, env encrypted with the TOTP key', () => {
    const totpKey = Object.entries(s.resources).find(([id, r]) => r.Type === 'AWS::KMS::Key' && id.includes('Totp'))![0];
    const [secretId, secret] = ofType(s.resources, 'AWS::SecretsManager::Secret').find(([id]) => id.includes('TotpSealing'))!;
    expect(refId(secret.Properties?.KmsKeyId)).toBe(totpKey);
    expect(secret.DeletionPolicy).toBe('Retain');
    for (const [handler, { resource }] of handlerFunctions(s.resources)) {
      const value = resource.Properties!.Environment.Variables.SECRET_ENCRYPTION_KEY;
      if (declared(handler, 'totpSecret')) {
        expect(JSON.stringify(value), handler).toContain('{{resolve:secretsmanager:');
        expect(referencedIds(value).has(secretId)).toBe(true);
        expect(refId(resource.Properties?.KmsKeyArn), handler).toBe(totpKey);
      } else {
        expect(value, handler).toBeUndefined();
      }
    }
  });

  it('hands the list-cursor key only to functions that declare it, as a deploy-time secret reference', () => {
    const [secretId] = ofType(s.resources, 'AWS::SecretsManager::Secret').find(([id]) => id.includes('CursorKey'))!;
    let given = 0;
    for (const [handler, { resource }] of handlerFunctions(s.resources)) {
      const value = resource.Properties!.Environment.Variables.CURSOR_SIGNING_KEY;
      if (declared(handler, 'cursorKey')) {
        given++;
        expect(JSON.stringify(value), handler).toContain('{{resolve:secretsmanager:');
        expect(referencedIds(value).has(secretId)).toBe(true);
      } else {
        expect(value, handler).toBeUndefined();
      }
    }
    expect(given).toBeGreaterThan(0);
  });

  it('uses the long timeout only where the manifest asks for it, within API Gateway’s 30 s', () => {
    const fns = handlerFunctions(s.resources);
    for (const route of routeList) {
      const timeout = fns.get(route.handler)!.resource.Properties?.Timeout as number;
      expect(timeout).toBe(route.timeoutSeconds ?? 10);
      expect(timeout).toBeLessThan(30);
    }
  });

  it('serves the HTTP API on a throttled, access-logged $default stage', () => {
    s.template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    const [, stage] = ofType(s.resources, 'AWS::ApiGatewayV2::Stage')[0]!;
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      // 400 clinicians × 0.5 taps/s × 2.5 requests per tap × 1.5 headroom; 400 × 6 requests at app load (config.ts LIMITS).
      DefaultRouteSettings: { ThrottlingRateLimit: 750, ThrottlingBurstLimit: 2500 },
      RouteSettings: {
        'POST /api/login': { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 400 },
        'POST /api/register': { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 400 },
        'POST /api/2fa/verify': { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 400 },
      },
    });
    const format = JSON.parse(stage.Properties!.AccessLogSettings.Format as string) as Record<string, string>;
    expect(format.requestId).toBe('$context.requestId');
    // No request path (record ids), query strings or bodies in the access log.
    expect(Object.values(format).join(' ')).not.toMatch(/\$context\.(path|resourcePath)|querystring|body/i);
  });
});

describe('IAM', () => {
  const dynamoStatements = () => statements(s.resources).filter(({ statement }) => actionsOf(statement).some((a) => a.startsWith('dynamodb:')));
  /** The data migrations' role: the one role that may Scan (to list accounts) and write migration markers. */
  const migrationsRole = () => refId(handlerFunctions(s.resources).get(MIGRATIONS)!.resource.Properties?.Role)!;
  const scheduledRole = () => refId(handlerFunctions(s.resources).get(SCHEDULED)!.resource.Properties?.Role)!;
  /** The two roles that list the districts: the data migrations' and the scheduled jobs'. */
  const isAccountListing = ({ roles, statement }: { roles: string[]; statement: Statement }) =>
    statement.Sid === 'ListAccounts' && roles.length === 1 && [migrationsRole(), scheduledRole()].includes(roles[0]!);

  it('never grants dynamodb:Scan (but to the data migrations and the scheduled jobs, on the table alone), dynamodb:* or any wildcard DynamoDB action', () => {
    expect(dynamoStatements().length).toBeGreaterThan(0);
    const scans = dynamoStatements().filter(({ statement }) => actionsOf(statement).includes('dynamodb:Scan'));
    expect(scans.length).toBe(2);
    for (const scan of scans) {
      expect(isAccountListing(scan)).toBe(true);
      expect(actionsOf(scan.statement)).toEqual(['dynamodb:Scan']);
      expect(refId(scan.statement.Resource)).toBe(tableId());
    }
    for (const { statement } of dynamoStatements().filter((st) => !isAccountListing(st))) {
      for (const action of actionsOf(statement)) {
        expect(action).not.toBe('dynamodb:Scan');
        expect(action).not.toContain('*');
        expect([...READ_ACTIONS, ...WRITE_ACTIONS]).toContain(action);
      }
    }
    for (const { statement } of statements(s.resources)) expect(actionsOf(statement)).not.toContain('*');
  });

  it('limits every DynamoDB statement to the table and its indexes, with a LeadingKeys condition (but the migrations\' account listing)', () => {
    const table = tableId();
    for (const { roles, statement } of dynamoStatements().filter((st) => !isAccountListing(st))) {
      const resources = asList(statement.Resource);
      expect(resources.length).toBeGreaterThan(0);
      for (const r of resources) {
        expect(r).not.toBe('*');
        expect([...referencedIds(r)]).toEqual([table]);
        // The table, or one of its indexes by name: never `index/*`.
        const serialized = JSON.stringify(r);
        const index = tableDefinition.globalSecondaryIndexes.some((g) => serialized.includes(`/index/${g.indexName}"`));
        expect(index || refId(r) === table, serialized).toBe(true);
      }
      const keys = statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined;
      expect(keys?.length).toBeGreaterThan(0);
      // Migration markers are written by the data migrations alone, deletion certificates by the scheduled jobs alone.
      const families = roles.includes(migrationsRole())
        ? /^(ACCT|MIGRATION)#\*$/
        : roles.includes(scheduledRole())
          ? /^(ACCT|EMAIL|LSESS|LOGIN|SSODOMAIN|DELCERT)#\*$/
          : /^(ACCT|EMAIL|LSESS|LOGIN|TDEV|SSODOMAIN)#\*$/;
      for (const k of keys!) expect(k).toMatch(families);
    }
  });

  it('grants nothing on Resource "*" except CloudFront invalidation for the site deployment and X-Ray trace writes', () => {
    const xray = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
    for (const { statement } of statements(s.resources)) {
      if (asList(statement.Resource).includes('*')) {
        const actions = actionsOf(statement);
        const invalidation = actions.every((a) => a.startsWith('cloudfront:') && a.endsWith('Invalidation'));
        expect(invalidation || [...actions].sort().join() === xray.join(), actions.join()).toBe(true);
      }
    }
  });

  it('keeps GET routes read-only: writes only the login-session touch on LSESS#', () => {
    for (const route of routeList.filter((r) => r.method === 'GET')) {
      for (const st of statementsOfHandler(s.resources, route.handler)) {
        const dynamo = actionsOf(st).filter((a) => a.startsWith('dynamodb:'));
        const writes = dynamo.filter((a) => !(READ_ACTIONS as readonly string[]).includes(a));
        if (writes.length === 0) continue;
        expect(writes, route.handler).toEqual(['dynamodb:UpdateItem']);
        expect(st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'], route.handler).toEqual(['LSESS#*']);
        expect(asList(st.Resource)).toHaveLength(1);
      }
    }
  });

  it('lets a route touch e-mail, login-attempt, trusted-device and SSO-domain keys only as its manifest entry declares', () => {
    for (const route of routeList) {
      const keys = statementsOfHandler(s.resources, route.handler).flatMap(
        (st) => (st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined) ?? [],
      );
      expect(keys, route.handler).toContain('LSESS#*');
      const authOnly = keys.filter((k) => ['EMAIL#*', 'LOGIN#*', 'TDEV#*', 'SSODOMAIN#*'].includes(k));
      expect(authOnly.sort(), route.handler).toEqual((route.tableKeys ?? []).map((k) => `${k}#*`).sort());
    }
    const worker = statementsOfHandler(s.resources, WORKER).flatMap(
      (st) => (st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined) ?? [],
    );
    expect(worker).toEqual(['ACCT#*']);
  });

  it('grants the TOTP key (data keys for the TOTP purpose, Decrypt) to functions that declare the TOTP secret and to nothing else', () => {
    const totpKey = Object.entries(s.resources).find(([id, r]) => r.Type === 'AWS::KMS::Key' && id.includes('Totp'))![0];
    for (const [handler] of handlerFunctions(s.resources)) {
      const onKey = statementsOfHandler(s.resources, handler).filter((st) => referencedIds(st.Resource).has(totpKey));
      if (declared(handler, 'totpSecret')) {
        expect(onKey.flatMap(actionsOf).sort(), handler).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
        const dataKeys = onKey.find((st) => actionsOf(st).includes('kms:GenerateDataKey'))!;
        expect(dataKeys.Condition, handler).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': TOTP_KMS_PURPOSE } });
      } else {
        expect(onKey, handler).toEqual([]);
      }
    }
  });

  it('lets functions use the table key only through DynamoDB', () => {
    const tableKey = refId(only(ofType(s.resources, 'AWS::DynamoDB::Table'), 'table')[1].Properties?.SSESpecification.KMSMasterKeyId)!;
    const onKey = statements(s.resources).filter(({ statement }) => referencedIds(statement.Resource).has(tableKey));
    expect(onKey.length).toBeGreaterThan(0);
    for (const { statement } of onKey) {
      expect(JSON.stringify(statement.Condition?.StringEquals?.['kms:ViaService'])).toContain('dynamodb.');
    }
  });
});

describe('Data', () => {
  it('builds the table from tableDefinition: keys, GSIs, TTL, on demand', () => {
    const gsis = tableDefinition.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    }));
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: gsis,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    });
  });

  it('protects the table: PITR, deletion protection, retained, encrypted with a customer-managed key', () => {
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: Match.anyValue() },
      }),
    });
    // The table's, the TOTP secrets', the operations' (logs, alarms) and the export files'.
    const keys = ofType(s.resources, 'AWS::KMS::Key');
    expect(keys).toHaveLength(4);
    for (const [, key] of keys) {
      expect(key.Properties?.EnableKeyRotation).toBe(true);
      expect(key.DeletionPolicy).toBe('Retain');
    }
    expect(ofType(s.resources, 'AWS::KMS::Alias').map(([, a]) => a.Properties?.AliasName).sort()).toEqual(['alias/Caseload/ops', 'alias/Caseload/table', 'alias/Caseload/totp']);
  });
});

describe('Notes', () => {
  const bedrockStatements = (synth: Synth) =>
    statements(synth.resources).filter(({ statement }) => actionsOf(statement).some((a) => a.startsWith('bedrock:')));

  it('grants Bedrock InvokeModel* on the configured foundation model only, to the functions that declare it', () => {
    const found = bedrockStatements(s);
    expect(found.length).toBeGreaterThan(0);
    for (const { statement } of found) {
      expect(actionsOf(statement).sort()).toEqual(['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream']);
      const resources = asList(statement.Resource);
      expect(resources).toHaveLength(1);
      const arn = JSON.stringify(resources[0]);
      expect(arn).toContain(`:bedrock:`);
      expect(arn).toContain(`::foundation-model/${DEFAULT_MODEL_ID}`);
      expect(arn).toContain('AWS::Region');
      expect(arn).not.toMatch(/foundation-model\/\*|bedrock:\*/);
    }
    const withBedrock = [...handlerFunctions(s.resources).keys()].filter((h) =>
      statementsOfHandler(s.resources, h).some((st) => actionsOf(st).some((a) => a.startsWith('bedrock:'))),
    );
    expect(withBedrock.sort()).toEqual([...declarations.keys()].filter((h) => declared(h, 'bedrock')).sort());
    expect(withBedrock).toContain(WORKER);
  });

  it('grants an inference profile and its model only through that profile when the model id is a profile', () => {
    const profile = 'us.anthropic.claude-3-5-haiku-20241022-v1:0';
    const synth = synthStack({ modelId: profile });
    const found = bedrockStatements(synth).map(({ statement }) => statement);
    const profileStatements = found.filter((st) => JSON.stringify(st.Resource).includes(`:inference-profile/${profile}`));
    const modelStatements = found.filter((st) => JSON.stringify(st.Resource).includes('foundation-model/'));
    expect(profileStatements.length).toBeGreaterThan(0);
    expect(modelStatements.length).toBeGreaterThan(0);
    for (const st of modelStatements) {
      expect(JSON.stringify(st.Resource)).toContain(':bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0');
      expect(JSON.stringify(st.Condition?.StringEquals?.['bedrock:InferenceProfileArn'])).toContain(`inference-profile/${profile}`);
    }
    for (const st of found) expect(JSON.stringify(st.Resource)).not.toContain('foundation-model/*');
    const [, fn] = [...handlerFunctions(synth.resources)].find(([h]) => h === 'notes/generate-progress-note')!;
    expect(fn.resource.Properties?.Environment.Variables.BEDROCK_MODEL_ID).toBe(profile);
  });

  it('runs bulk generation on a queue-fed worker with a dead-letter queue', () => {
    const worker = handlerFunctions(s.resources).get(WORKER)!;
    expect(worker.resource.Properties?.Timeout).toBe(900);
    expect(worker.resource.Properties?.Environment.Variables.BULK_MAX_RECEIVES).toBe('3');
    const [, mapping] = only(ofType(s.resources, 'AWS::Lambda::EventSourceMapping'), 'event source mapping');
    expect(refId(mapping.Properties?.FunctionName)).toBe(worker.id);
    expect(mapping.Properties).toMatchObject({ BatchSize: 1, ScalingConfig: { MaximumConcurrency: 2 } });

    const queueId = refId(mapping.Properties?.EventSourceArn)!;
    const queue = s.resources[queueId]!;
    expect(queue.Type).toBe('AWS::SQS::Queue');
    expect(queue.Properties?.RedrivePolicy.maxReceiveCount).toBe(3);
    expect(queue.Properties?.VisibilityTimeout).toBeGreaterThan(900);
    const dlq = s.resources[refId(queue.Properties?.RedrivePolicy.deadLetterTargetArn)!]!;
    expect(dlq.Type).toBe('AWS::SQS::Queue');
    expect(dlq.Properties?.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    // The worker keeps the capacity its event source may use, and a failed asynchronous invocation
    // lands in the same dead-letter queue (its DLQ and its on-failure destination).
    const dlqId = refId(queue.Properties?.RedrivePolicy.deadLetterTargetArn)!;
    expect(worker.resource.Properties?.ReservedConcurrentExecutions).toBe(2);
    expect(refId(worker.resource.Properties?.DeadLetterConfig?.TargetArn)).toBe(dlqId);
    const [, invokeConfig] = only(ofType(s.resources, 'AWS::Lambda::EventInvokeConfig'), 'asynchronous invocation config');
    expect(refId(invokeConfig.Properties?.FunctionName)).toBe(worker.id);
    expect(refId(invokeConfig.Properties?.DestinationConfig?.OnFailure?.Destination)).toBe(dlqId);

    // Only the routes that start background jobs may enqueue (the one queue, every kind of job), and only SendMessage.
    const senders = [...handlerFunctions(s.resources).keys()].filter((h) =>
      statementsOfHandler(s.resources, h).some((st) => actionsOf(st).includes('sqs:SendMessage') && referencedIds(st.Resource).has(queueId)),
    );
    const jobStarters = ['account-imports/apply-account-import', 'exports/start-export', 'notes/bulk-generate-progress-notes', 'roster/apply-roster-import', 'roster/preview-roster-import', 'timetable/save-closures', 'timetable/save-school-years'];
    expect(senders.sort()).toEqual(jobStarters);
    for (const starter of jobStarters) {
      const send = statementsOfHandler(s.resources, starter).find((st) => actionsOf(st).includes('sqs:SendMessage'))!;
      expect(actionsOf(send)).toEqual(['sqs:SendMessage']);
      expect(refId(send.Resource)).toBe(queueId);
    }
  });
});

describe('Web', () => {
  const distribution = () => only(ofType(s.resources, 'AWS::CloudFront::Distribution'), 'distribution')[1].Properties!.DistributionConfig;

  const apiBehaviour = () =>
    only(
      (distribution().CacheBehaviors as Record<string, any>[]).filter((b) => b.PathPattern === '/api/*'),
      '/api/* behaviour',
    );

  it('routes /api/* to the HTTP API: HTTPS only, all methods, its own cache policy, all viewer headers but Host', () => {
    const config = distribution();
    const api = apiBehaviour();
    expect(api).toMatchObject({
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    expect([...api.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    const origin = (config.Origins as Record<string, any>[]).find((o) => o.Id === api.TargetOriginId)!;
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    const apiId = only(ofType(s.resources, 'AWS::ApiGatewayV2::Api'), 'HTTP API')[0];
    expect(referencedIds(origin.DomainName).has(apiId)).toBe(true);
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
  });

  it('compresses API answers (gzip, br) and caches none: TTLs 0/0/1 s, cookies and query string in the key', () => {
    const api = apiBehaviour();
    expect(api.Compress).toBe(true);
    const policyId = refId(api.CachePolicyId)!;
    const policy = s.resources[policyId]!;
    expect(policy.Type).toBe('AWS::CloudFront::CachePolicy');
    // All three 0 would be "caching disabled", on which CloudFront refuses the Accept-Encoding
    // flags; min and default 0 keep the API's no-store (and a missing Cache-Control) uncached.
    expect(policy.Properties?.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 1,
      ParametersInCacheKeyAndForwardedToOrigin: {
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
        CookiesConfig: { CookieBehavior: 'all' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: { HeaderBehavior: 'none' },
      },
    });
  });

  it('serves the SPA from the private bucket through OAC, with the rewrite function and no error pages', () => {
    const config = distribution();
    const def = config.DefaultCacheBehavior;
    expect(def.ViewerProtocolPolicy).toBe('redirect-to-https');
    const fnId = refId(def.FunctionAssociations[0].FunctionARN)!;
    expect(def.FunctionAssociations).toHaveLength(1);
    expect(def.FunctionAssociations[0].EventType).toBe('viewer-request');
    expect(s.resources[fnId]!.Type).toBe('AWS::CloudFront::Function');
    expect(config.CustomErrorResponses).toBeUndefined();
    const origin = (config.Origins as Record<string, any>[]).find((o) => o.Id === def.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    const bucketId = [...referencedIds(origin.DomainName)][0]!;
    expect(s.resources[bucketId]!.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const [, policy] = only(
      ofType(s.resources, 'AWS::S3::BucketPolicy').filter(([, p]) => refId(p.Properties?.Bucket) === bucketId),
      'bucket policy',
    );
    const denyInsecure = asList<Statement>(policy.Properties?.PolicyDocument.Statement).find((st) => st.Effect === 'Deny');
    expect(denyInsecure?.Condition?.Bool?.['aws:SecureTransport']).toBe('false');
  });

  it('rewrites screen paths to /index.html and leaves files alone (the function code itself)', () => {
    const [, fn] = only(ofType(s.resources, 'AWS::CloudFront::Function'), 'CloudFront function');
    expect(fn.Properties?.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the CloudFront function's own code, which is the thing under test
    const handler = new Function(`${fn.Properties!.FunctionCode as string}; return handler;`)() as (e: unknown) => { uri: string };
    const run = (uri: string) => handler({ request: { uri, method: 'GET', headers: {} } }).uri;
    expect(run('/')).toBe('/index.html');
    expect(run('/clients')).toBe('/index.html');
    expect(run('/sessions/5b4e7c7e-1d2f-4c1a-9f0e-000000000000')).toBe('/index.html');
    expect(run('/auth/')).toBe('/index.html');
    expect(run('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(run('/favicon.svg')).toBe('/favicon.svg');
  });

  it('sends a strict CSP the SPA passes, HSTS, nosniff, DENY framing and a referrer policy', () => {
    const [, policy] = only(
      ofType(s.resources, 'AWS::CloudFront::ResponseHeadersPolicy').filter(
        ([, p]) => p.Properties?.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
      ),
      'CSP policy',
    );
    const h = policy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = h.ContentSecurityPolicy.ContentSecurityPolicy as string;
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k!, v]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:']);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(h.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(h.ContentTypeOptions.Override).toBe(true);
    expect(h.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(h.ReferrerPolicy.ReferrerPolicy).toBe('no-referrer');
    const defaultPolicy = distribution().DefaultCacheBehavior.ResponseHeadersPolicyId;
    expect(s.resources[refId(defaultPolicy)!]).toBe(policy);
  });

  it('deploys the built SPA and invalidates the distribution', () => {
    const deployments = ofType(s.resources, 'Custom::CDKBucketDeployment');
    expect(deployments.length).toBeGreaterThan(0);
    const invalidating = deployments.filter(([, d]) => d.Properties?.DistributionId);
    expect(invalidating).toHaveLength(1);
    expect(invalidating[0]![1].Properties?.DistributionPaths).toEqual(['/*']);
  });

  it('puts a custom domain and its certificate on the distribution when configured', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
    const synth = synthStack({ domainName: 'caseload.example.org', certificateArn });
    const config = only(ofType(synth.resources, 'AWS::CloudFront::Distribution'), 'distribution')[1].Properties!.DistributionConfig;
    expect(config.Aliases).toEqual(['caseload.example.org']);
    expect(config.ViewerCertificate).toMatchObject({ AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    for (const [handler, { resource }] of handlerFunctions(synth.resources)) {
      if (handler === MIGRATIONS || handler === SCHEDULED) continue;
      expect(resource.Properties?.Environment.Variables.ALLOWED_ORIGINS).toBe('https://caseload.example.org');
    }
    expect(() => synthStack({ domainName: 'caseload.example.org' })).toThrow(/certificateArn/);
  });

  it('logs to a private, versioned, expiring log bucket: CloudFront without cookies, and the site bucket', () => {
    const logging = distribution().Logging;
    expect(logging).toMatchObject({ IncludeCookies: false, Prefix: 'cloudfront/' });
    const logBucketId = refId(logging.Bucket)!;
    const logBucket = s.resources[logBucketId]!;
    expect(logBucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
    expect(logBucket.Properties?.LifecycleConfiguration.Rules[0]).toMatchObject({ ExpirationInDays: 365, Status: 'Enabled' });
    const site = ofType(s.resources, 'AWS::S3::Bucket').find(([id]) => id !== logBucketId)![1];
    expect(refId(site.Properties?.LoggingConfiguration?.DestinationBucketName)).toBe(logBucketId);
    expect(site.Properties?.VersioningConfiguration).toEqual({ Status: 'Enabled' });
  });

  it('attaches the web ACL and a country allow-list when configured, and refuses a web ACL from elsewhere', () => {
    expect(distribution().WebACLId).toBeUndefined();
    const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/CaseloadEdge-WebAcl/a1b2c3d4-5678-90ab-cdef-1234567890ab';
    const synth = synthStack({ webAclArn, allowedCountries: ['US'] });
    const config = only(ofType(synth.resources, 'AWS::CloudFront::Distribution'), 'distribution')[1].Properties!.DistributionConfig;
    expect(config.WebACLId).toBe(webAclArn);
    expect(config.Restrictions).toEqual({ GeoRestriction: { Locations: ['US'], RestrictionType: 'whitelist' } });
    expect(() => synthStack({ webAclArn: webAclArn.replace('us-east-1', 'eu-west-1') })).toThrow(/webAclArn/);
    expect(() => synthStack({ webAclArn: webAclArn.replace('global', 'regional') })).toThrow(/webAclArn/);
  });
});

describe('Backups', () => {
  it('backs the table up daily into a vault under the table key, kept 35 days', () => {
    const tableKey = refId(only(ofType(s.resources, 'AWS::DynamoDB::Table'), 'table')[1].Properties?.SSESpecification.KMSMasterKeyId);
    const [vaultId, vault] = only(ofType(s.resources, 'AWS::Backup::BackupVault'), 'backup vault');
    expect(refId(vault.Properties?.EncryptionKeyArn)).toBe(tableKey);
    expect(vault.DeletionPolicy).toBe('Retain');
    const [, plan] = only(ofType(s.resources, 'AWS::Backup::BackupPlan'), 'backup plan');
    const rules = plan.Properties?.BackupPlan.BackupPlanRule;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ Lifecycle: { DeleteAfterDays: 35 }, ScheduleExpression: 'cron(0 5 * * ? *)' });
    expect(refId(rules[0].TargetBackupVault)).toBe(vaultId);
    const [, selection] = only(ofType(s.resources, 'AWS::Backup::BackupSelection'), 'backup selection');
    expect(JSON.stringify(selection.Properties?.BackupSelection.Resources)).toContain(tableId());
  });
});

describe('Operations', () => {
  const alarms = () => ofType(s.resources, 'AWS::CloudWatch::Alarm').map(([, a]) => a);
  const metricNames = (a: Resource) => [
    a.Properties?.MetricName,
    ...asList<Record<string, any>>(a.Properties?.Metrics).map((m) => m.MetricStat?.Metric.MetricName),
  ];

  it('alarms on API 5xx rate, Lambda throttles, DynamoDB throttles and dead letters, into one topic', () => {
    const all = alarms();
    const find = (metric: string) => all.filter((a) => metricNames(a).includes(metric));
    expect(find('5xx')).toHaveLength(1);
    expect(find('Count')).toHaveLength(1);
    expect(find('Throttles')).toHaveLength(1);
    expect(find('ReadThrottleEvents')).toHaveLength(1);
    expect(find('WriteThrottleEvents')).toHaveLength(1);
    const dlqAlarm = only(find('ApproximateNumberOfMessagesVisible'), 'DLQ alarm');
    const dlq = ofType(s.resources, 'AWS::SQS::Queue').find(([, q]) => !q.Properties?.RedrivePolicy)![0];
    expect(referencedIds(dlqAlarm.Properties?.Dimensions).has(dlq)).toBe(true);
    const topic = only(ofType(s.resources, 'AWS::SNS::Topic'), 'topic')[0];
    for (const a of all) expect(refId(asList(a.Properties?.AlarmActions)[0])).toBe(topic);
  });

  const dimensionsOf = (a: Resource) => Object.fromEntries(asList<{ Name: string; Value: unknown }>(a.Properties?.Dimensions).map((d) => [d.Name, d.Value]));
  const topicId = () => only(ofType(s.resources, 'AWS::SNS::Topic'), 'topic')[0];

  it("alarms on the product's own metrics (lockouts, wrong passwords, wrong 2FA codes, note latency) at the config's thresholds", () => {
    const expected: [string, number, string][] = [
      ['Lockout', ALARM_THRESHOLDS.lockoutsPer5Min, 'Sum'],
      ['LoginFailed', ALARM_THRESHOLDS.loginFailuresPer5Min, 'Sum'],
      ['TwoFactorFailed', ALARM_THRESHOLDS.twoFactorFailuresPer5Min, 'Sum'],
      ['NoteGenerationLatency', ALARM_THRESHOLDS.noteGenerationP90Ms, 'p90'],
    ];
    for (const [metric, threshold, statistic] of expected) {
      const alarm = only(alarms().filter((a) => a.Properties?.Namespace === 'Caseload' && a.Properties?.MetricName === metric), metric);
      expect(alarm.Properties).toMatchObject({ Threshold: threshold, Period: 300, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      expect(alarm.Properties?.Statistic ?? alarm.Properties?.ExtendedStatistic).toBe(statistic);
      expect(dimensionsOf(alarm)).toEqual({ service: 'caseload' });
    }
  });

  it('alarms on every route twice, in its group: 5xx answers by route, and p99 duration at 80 % of its timeout', () => {
    const fns = handlerFunctions(s.resources);
    const perRoute = alarms().filter((a) => String(a.Properties?.AlarmName ?? '').startsWith('Caseload-route-'));
    expect(perRoute).toHaveLength(routeList.length * 2);
    for (const route of routeList) {
      const errors = only(perRoute.filter((a) => a.Properties?.AlarmName === `Caseload-route-${route.name}-5xx`), `${route.name} 5xx`);
      expect(errors.Properties).toMatchObject({ Namespace: 'Caseload', MetricName: 'Http5xx', Statistic: 'Sum', Threshold: ALARM_THRESHOLDS.route5xxPer5Min });
      expect(dimensionsOf(errors)).toEqual({ service: 'caseload', route: route.handler });
      const slow = only(perRoute.filter((a) => a.Properties?.AlarmName === `Caseload-route-${route.name}-near-timeout`), `${route.name} latency`);
      const timeout = route.timeoutSeconds ?? 10;
      expect(slow.Properties).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Duration', ExtendedStatistic: 'p99', Threshold: timeout * 1000 * 0.8, EvaluationPeriods: 3 });
      expect(refId(dimensionsOf(slow).FunctionName)).toBe(fns.get(route.handler)!.id);
      for (const a of [errors, slow]) expect(refId(asList(a.Properties?.AlarmActions)[0])).toBe(topicId());
    }
    // They live beside their route, in the route group's template, not in the parent.
    expect(ofType(s.json.Resources, 'AWS::CloudWatch::Alarm').filter(([, a]) => String(a.Properties?.AlarmName ?? '').startsWith('Caseload-route-'))).toEqual([]);
  });

  it('alarms on Bedrock server errors, client errors and throttles of the configured model', () => {
    for (const [metric, threshold] of [
      ['InvocationServerErrors', ALARM_THRESHOLDS.bedrockServerErrorsPer5Min],
      ['InvocationClientErrors', ALARM_THRESHOLDS.bedrockClientErrorsPer5Min],
      ['InvocationThrottles', ALARM_THRESHOLDS.bedrockThrottlesPer5Min],
    ] as const) {
      const alarm = only(alarms().filter((a) => a.Properties?.Namespace === 'AWS/Bedrock' && a.Properties?.MetricName === metric), metric);
      expect(dimensionsOf(alarm)).toEqual({ ModelId: DEFAULT_MODEL_ID });
      expect(alarm.Properties?.Threshold).toBe(threshold);
    }
  });

  it('sends failed, aborted and expired backup jobs of the vault to the topic, which EventBridge may publish to and encrypt for', () => {
    const [, rule] = only(ofType(s.resources, 'AWS::Events::Rule'), 'backup rule');
    const vault = only(ofType(s.resources, 'AWS::Backup::BackupVault'), 'vault')[0];
    expect(rule.Properties?.EventPattern).toMatchObject({ source: ['aws.backup'], 'detail-type': ['Backup Job State Change'], detail: { state: ['FAILED', 'ABORTED', 'EXPIRED'] } });
    expect(referencedIds(rule.Properties?.EventPattern.detail.backupVaultName).has(vault)).toBe(true);
    expect(refId(rule.Properties?.Targets[0].Arn)).toBe(topicId());
    const topic = s.resources[topicId()]!;
    const key = s.resources[refId(topic.Properties?.KmsMasterKeyId)!]!;
    const keyStatements = key.Properties?.KeyPolicy.Statement as Statement[];
    expect(keyStatements.find((st) => st.Sid === 'EventsPublishToTopic')).toMatchObject({ Action: ['kms:Decrypt', 'kms:GenerateDataKey'] });
    const topicPolicy = ofType(s.resources, 'AWS::SNS::TopicPolicy').find(([, p]) => JSON.stringify(p.Properties?.PolicyDocument).includes('events.amazonaws.com'));
    expect(topicPolicy).toBeDefined();
  });

  it('has one dashboard with the alarms, the per-route series and the product metrics; the WAF blocks when a web ACL is configured', () => {
    const [, dashboard] = only(ofType(s.resources, 'AWS::CloudWatch::Dashboard'), 'dashboard');
    const body = JSON.stringify(dashboard.Properties?.DashboardBody);
    for (const text of ['Http5xx', 'Duration', 'LoginFailed', 'Lockout', 'TwoFactorFailed', 'NoteGenerationLatency', 'InvocationThrottles', 'ApproximateNumberOfMessagesVisible', 'NumberOfBackupJobsFailed', 'ReadThrottleEvents']) {
      expect(body, text).toContain(text);
    }
    expect(body).toContain('alarm');
    expect(body).not.toContain('BlockedRequests');
    const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/CaseloadEdge-WebAcl/a1b2c3d4-5678-90ab-cdef-1234567890ab';
    const withAcl = synthStack({ webAclArn });
    const aclBody = JSON.stringify(only(ofType(withAcl.json.Resources, 'AWS::CloudWatch::Dashboard'), 'dashboard')[1].Properties?.DashboardBody);
    expect(aclBody).toContain('BlockedRequests');
    expect(aclBody).toContain('CaseloadEdge-WebAcl');
    expect(aclBody).toContain('us-east-1');
  });

  it('serves a restored table when config.tableName names one: environment, grants, backups and alarms follow it', () => {
    const restored = synthStack({ tableName: 'Caseload-restored-20261128' });
    const fns = handlerFunctions(restored.resources);
    for (const [handler, { resource }] of fns) {
      expect(resource.Properties!.Environment.Variables.TABLE_NAME, handler).toBe('Caseload-restored-20261128');
    }
    const tableStatements = statements(restored.resources).filter(({ statement }) => statement.Sid === 'TableItems');
    expect(tableStatements.length).toBeGreaterThan(0);
    for (const { statement } of tableStatements) expect(JSON.stringify(statement.Resource)).toContain('table/Caseload-restored-20261128');
    const [, selection] = only(ofType(restored.resources, 'AWS::Backup::BackupSelection'), 'backup selection');
    expect(JSON.stringify(selection.Properties?.BackupSelection.Resources)).toContain('table/Caseload-restored-20261128');
    const dynamoAlarm = ofType(restored.resources, 'AWS::CloudWatch::Alarm').find(([, a]) => JSON.stringify(a.Properties).includes('ReadThrottleEvents'))!;
    expect(JSON.stringify(dynamoAlarm[1].Properties)).toContain('Caseload-restored-20261128');
    // The stack's own table stays, retained and protected.
    const [, own] = only(ofType(restored.resources, 'AWS::DynamoDB::Table'), 'own table');
    expect(own.DeletionPolicy).toBe('Retain');
    expect(() => synthStack({ tableName: 'no spaces allowed' })).toThrow(/tableName/);
  });

  it('sizes the limits from the arithmetic in config.ts, and refuses inconsistent ones', () => {
    expect(LIMITS.apiRateLimit).toBeGreaterThanOrEqual(500);
    expect(LIMITS.apiRateLimit).toBe(400 * 0.5 * 2.5 * 1.5);
    expect(LIMITS.apiBurstLimit).toBe(2500);
    expect(LIMITS.apiRatePerIpPer5Min).toBe(500 * 300);
    expect(() => synthStack({ authRateLimit: 1000, apiRateLimit: 500 })).toThrow(/authRateLimit/);
    expect(() => synthStack({ signInRatePerIpPer5Min: 5 })).toThrow(/signInRatePerIpPer5Min/);
  });

  it('outputs the site URL and the API URL', () => {
    const outputs = s.json.Outputs ?? {};
    expect(JSON.stringify(outputs.SiteUrl.Value)).toContain('https://');
    expect(JSON.stringify(outputs.ApiUrl.Value)).toContain('/api');
    expect(outputs.ApiEndpoint).toBeDefined();
  });

  it('stays environment-agnostic, with every template under the ceiling: routes in nested stacks by group', () => {
    expect(s.stack.environment).toBe('aws://unknown-account/unknown-region');
    // Before the split the one template held 437 resources with 90 routes (CloudFormation's limit is
    // 500). Now: the parent about 90 (data, web, roles, alarms, worker, migrations, one resource per
    // route group), and each route six in its group (function, permission, route, integration, two
    // alarms): Identity 138, Clients 186, Sessions 216.
    const counts = new Map([...s.templates].map(([path, t]) => [path, Object.keys(t.Resources).length]));
    console.log(`Resources per template: ${[...counts].map(([p, n]) => `${p} ${n}`).join(', ')}`);
    for (const [path, n] of counts) expect(n, path).toBeLessThan(TEMPLATE_CEILING);
    // The parent keeps room for part 4's infrastructure and a nested stack per new resource.
    expect(counts.get('Caseload')).toBeLessThan(150);
    // Each group leaves ≥ 100 resources (16 routes) under the ceiling for routes on its resources.
    for (const [path, n] of counts) if (path !== 'Caseload') expect(n, path).toBeLessThanOrEqual(ROUTE_GROUP_CEILING);
    // Every route is in the group its manifest resource names, and the groups hold nothing else of the API.
    for (const group of s.stack.routeGroups.values()) {
      const routes = ofType(s.templates.get(group.node.path)!.Resources, 'AWS::ApiGatewayV2::Route');
      expect(routes.length, group.group).toBeGreaterThan(0);
      for (const [, r] of routes) expect(routeGroupOf(String(r.Properties?.RouteKey).split(' ')[1]!)).toBe(group.group);
    }
    expect(ofType(s.json.Resources, 'AWS::ApiGatewayV2::Route')).toEqual([]);
    expect(ofType(s.json.Resources, 'AWS::CloudFormation::Stack')).toHaveLength(s.stack.routeGroups.size);
  });

  it('passes the route groups references, never a secret: dynamic references are built inside the nested template', () => {
    const nestedStacks = ofType(s.json.Resources, 'AWS::CloudFormation::Stack');
    expect(nestedStacks.length).toBeGreaterThan(0);
    for (const [id, nested] of nestedStacks) {
      const params = Object.entries((nested.Properties?.Parameters ?? {}) as Record<string, unknown>);
      // Each value is a Ref, a GetAtt or a plain string: CloudFormation would resolve a
      // {{resolve:…}} in the parent and hand the nested stack the secret as a visible parameter.
      for (const [name, value] of params) expect(JSON.stringify(value), `${id} ${name}`).not.toContain('{{resolve:');
      // Under CloudFormation's 200 parameters per template.
      expect(params.length, id).toBeLessThan(200);
    }
  });

  it('has room for a hundred more routes: every template stays under the ceiling', () => {
    // 100 routes more, as part 4 adds them: 20 on existing resources, 80 on eight new ones.
    const template = routeList.find((r) => r.name === 'getCurrentUser')!;
    const extra = Array.from({ length: 100 }, (_, i) => {
      const resource = i < 20 ? ['sessions', 'clients', 'users', 'goals'][i % 4]! : `part4-resource-${i % 8}`;
      return { ...template, name: `extraRoute${i}`, path: `/api/${resource}/extra-${i}` };
    });
    const app = new App();
    const grown = new CaseloadStack(app, 'Caseload', { config: { bundling: 'inline' }, routes: [...routeList, ...extra] });
    const { templates } = mergedResources(grown);
    const counts = [...templates].map(([path, t]) => [path, Object.keys(t.Resources).length] as const);
    console.log(`With 100 more routes: ${counts.map(([p, n]) => `${p} ${n}`).join(', ')}`);
    for (const [path, n] of counts) expect(n, path).toBeLessThan(TEMPLATE_CEILING);
    expect(grown.routeGroups.size).toBe(s.stack.routeGroups.size + 8);
  });

  it('has no dependency cycle between resources', () => {
    const edges = new Map<string, Set<string>>();
    for (const [id, r] of Object.entries(s.resources)) {
      const deps = referencedIds(r.Properties);
      for (const d of asList(r.DependsOn)) deps.add(d);
      edges.set(id, new Set([...deps].filter((d) => d in s.resources)));
    }
    const state = new Map<string, 1 | 2>();
    const visit = (id: string, path: string[]) => {
      if (state.get(id) === 2) return;
      if (state.get(id) === 1) throw new Error(`cycle: ${[...path, id].join(' -> ')}`);
      state.set(id, 1);
      for (const d of edges.get(id) ?? []) visit(d, [...path, id]);
      state.set(id, 2);
    };
    for (const id of edges.keys()) visit(id, []);
  });
});
