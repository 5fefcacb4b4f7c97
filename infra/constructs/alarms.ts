/**
 * Operations: alarms on what a district's operator must act on, all sent to one KMS-encrypted SNS
 * topic (with an optional e-mail subscription), and one CloudWatch dashboard with them.
 * Thresholds and their reasoning: infra/config.ts ALARM_THRESHOLDS. What each alarm means and what
 * to do: docs/operations.md.
 *
 * In this (the parent) stack:
 * - API 5xx rate: the share of API requests answered with a 5xx, over 5 minutes.
 * - Lambda throttles: the account-and-region aggregate of AWS/Lambda Throttles. A metric-math
 *   alarm may only combine 10 metrics; a throttle anywhere in the account means the shared
 *   concurrency pool is exhausted, which is exactly what hurts this stack.
 * - DynamoDB throttles: read and write throttle events of the table and of each GSI.
 * - Dead-letter queue: any bulk-generation job that failed three times.
 * - The product's own metrics (namespace Caseload, packages/core/src/observability.ts): lockouts,
 *   wrong passwords, wrong 2FA codes, note-generation latency.
 * - Bedrock: server errors, client errors and throttles of the configured model (AWS/Bedrock, by
 *   ModelId).
 * - Backups: an EventBridge rule on AWS Backup's "Backup Job State Change" to FAILED, ABORTED or
 *   EXPIRED for the table's vault publishes the event to the topic (AWS Backup's documented way
 *   to be told; its CloudWatch job metrics carry no vault dimension to alarm on).
 *
 * Per route (addRouteAlarms, in the route group's nested stack beside the route, routes.ts): 5xx
 * answers (the pipeline's Http5xx metric, by route) and p99 duration near the function's timeout.
 *
 * WAF blocks are alarmed in the edge stack (edge.ts): a CloudFront web ACL's metrics exist only in
 * us-east-1 and an alarm can only watch metrics of its own region. The dashboard shows them.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as backup from 'aws-cdk-lib/aws-backup';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { Construct } from 'constructs';
import { ALARM_THRESHOLDS } from '../config.ts';
import type { ManifestRoute } from './api.ts';
import { EDGE_REGION } from './edge.ts';
import { acknowledge } from './nag.ts';

/** The product's metrics namespace and its Powertools service dimension (observability.ts). */
export const PRODUCT_NAMESPACE = 'Caseload';
export const SERVICE_DIMENSION = { service: 'caseload' };

export interface AlarmsProps {
  httpApi: apigw.HttpApi;
  table: dynamodb.ITable;
  indexNames: readonly string[];
  deadLetterQueue: sqs.Queue;
  backupVault: backup.IBackupVault;
  modelId: string;
  alarmEmail?: string;
  /** Encrypts the topic; its key policy lets CloudWatch alarms and EventBridge publish (data.ts, opsKey). */
  topicKey: kms.IKey;
  /** The CloudFront web ACL (config.webAclArn): its blocked requests go on the dashboard. */
  webAclArn?: string;
  thresholds?: Partial<typeof ALARM_THRESHOLDS>;
}

const FIVE_MINUTES = Duration.minutes(5);

/** The web ACL's name, the WAF metrics' WebACL dimension: `…:global/webacl/<name>/<id>`. */
export const webAclName = (arn: string): string => arn.split('/').at(-2) ?? arn;

export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  readonly backupFailures: events.Rule;
  readonly thresholds: typeof ALARM_THRESHOLDS;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const t = (this.thresholds = { ...ALARM_THRESHOLDS, ...props.thresholds });
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'Caseload alarms', enforceSSL: true, masterKey: props.topicKey });
    if (props.alarmEmail) {
      const subscription = this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
      acknowledge(subscription, {
        'Serverless-SNSRedrivePolicy':
          'An e-mail subscription: SNS retries the delivery itself, and an alarm that could not be mailed stays in ALARM in CloudWatch (console, API) until it clears. A dead-letter queue of undelivered e-mails would need its own watcher and adds nothing operators would see sooner.',
      });
    }

    const apiDims = { ApiId: props.httpApi.apiId };
    const errors = new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: '5xx', dimensionsMap: apiDims, statistic: 'Sum', period: FIVE_MINUTES });
    const count = new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: 'Count', dimensionsMap: apiDims, statistic: 'Sum', period: FIVE_MINUTES });
    const api5xxRate = new cloudwatch.MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { errors, requests: count },
      period: FIVE_MINUTES,
      label: 'API 5xx %',
    });
    this.add('Api5xxRate', {
      alarmDescription: 'More than the allowed share of API requests failed with a 5xx in 5 minutes.',
      // No traffic gives no datapoint (missing data: not breaching) rather than 0/0.
      metric: api5xxRate,
      threshold: t.api5xxPercent,
      evaluationPeriods: 1,
    });

    const lambdaThrottles = new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES });
    this.add('LambdaThrottles', {
      alarmDescription: 'Lambda throttled invocations (account and region aggregate).',
      metric: lambdaThrottles,
      threshold: 1,
      evaluationPeriods: 1,
    });

    const tableMetrics: Record<string, cloudwatch.IMetric> = {};
    const throttleMetric = (metricName: string, index?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    tableMetrics.tr = throttleMetric('ReadThrottleEvents');
    tableMetrics.tw = throttleMetric('WriteThrottleEvents');
    props.indexNames.forEach((index, i) => {
      tableMetrics[`ir${i}`] = throttleMetric('ReadThrottleEvents', index);
      tableMetrics[`iw${i}`] = throttleMetric('WriteThrottleEvents', index);
    });
    const dynamo = this.add('DynamoDbThrottles', {
      alarmDescription: 'DynamoDB throttled reads or writes on the table or its indexes.',
      metric: new cloudwatch.MathExpression({
        expression: Object.keys(tableMetrics).join(' + '),
        usingMetrics: tableMetrics,
        period: FIVE_MINUTES,
        label: 'DynamoDB throttle events',
      }),
      threshold: 1,
      evaluationPeriods: 1,
    });

    const deadLetters = this.add('BulkGenerationDeadLetters', {
      alarmDescription: 'A bulk note generation job failed three times and is in the dead-letter queue.',
      metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: t.deadLetters,
      evaluationPeriods: 1,
    });

    // The product's own metrics.
    const product = (metricName: string, statistic = 'Sum') =>
      new cloudwatch.Metric({ namespace: PRODUCT_NAMESPACE, metricName, dimensionsMap: SERVICE_DIMENSION, statistic, period: FIVE_MINUTES });
    const lockouts = this.add('SignInLockouts', {
      alarmDescription: 'Accounts locked after too many wrong passwords: a spike means password spraying or credential stuffing (runbook: Sign-in alarms).',
      metric: product('Lockout'),
      threshold: t.lockoutsPer5Min,
      evaluationPeriods: 1,
    });
    const loginFailures = this.add('SignInFailures', {
      alarmDescription: 'Wrong e-mail or password far above the morning sign-in wave (runbook: Sign-in alarms).',
      metric: product('LoginFailed'),
      threshold: t.loginFailuresPer5Min,
      evaluationPeriods: 1,
    });
    const twoFactor = this.add('TwoFactorFailures', {
      alarmDescription: 'Wrong two-factor codes far above the morning sign-in wave: someone may be guessing codes of accounts whose password they have (runbook: Sign-in alarms).',
      metric: product('TwoFactorFailed'),
      threshold: t.twoFactorFailuresPer5Min,
      evaluationPeriods: 1,
    });
    const noteLatency = this.add('NoteGenerationLatency', {
      alarmDescription: 'p90 of one progress-note generation near the note route timeout (runbook: Bedrock alarms).',
      metric: product('NoteGenerationLatency', 'p90'),
      threshold: t.noteGenerationP90Ms,
      evaluationPeriods: 2,
    });

    // Bedrock, for the configured model (ModelId is what the code invokes: a model or a profile id).
    const bedrock = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/Bedrock', metricName, dimensionsMap: { ModelId: props.modelId }, statistic: 'Sum', period: FIVE_MINUTES });
    const bedrockAlarms = [
      this.add('BedrockServerErrors', {
        alarmDescription: `Bedrock answered ${props.modelId} with server errors (runbook: Bedrock alarms).`,
        metric: bedrock('InvocationServerErrors'),
        threshold: t.bedrockServerErrorsPer5Min,
        evaluationPeriods: 1,
      }),
      this.add('BedrockClientErrors', {
        alarmDescription: `Bedrock refused requests for ${props.modelId} (model access, model id, request shape; runbook: Bedrock alarms).`,
        metric: bedrock('InvocationClientErrors'),
        threshold: t.bedrockClientErrorsPer5Min,
        evaluationPeriods: 1,
      }),
      this.add('BedrockThrottles', {
        alarmDescription: `Bedrock throttled ${props.modelId}: the account quota is too low for the district (runbook: Bedrock alarms).`,
        metric: bedrock('InvocationThrottles'),
        threshold: t.bedrockThrottlesPer5Min,
        evaluationPeriods: 1,
      }),
    ];

    // Failed backups: AWS Backup's job state events for the table's vault, straight to the topic.
    this.backupFailures = new events.Rule(this, 'BackupJobFailed', {
      description: 'A backup job of the Caseload table failed, was aborted or expired',
      eventPattern: {
        source: ['aws.backup'],
        detailType: ['Backup Job State Change'],
        detail: { state: ['FAILED', 'ABORTED', 'EXPIRED'], backupVaultName: [props.backupVault.backupVaultName] },
      },
      targets: [new targets.SnsTopic(this.topic)],
    });
    acknowledge(this.backupFailures, {
      'Serverless-EventBusDLQ':
        "The target is this account's own alarm topic in the same region: EventBridge retries a failed delivery for 24 hours, and a failed backup job also stays in AWS Backup's job list and on the dashboard's failed-backup graph. A dead-letter queue of undelivered backup events would need a watcher of its own and tell operators nothing sooner.",
    });

    // The dashboard: one row per concern, alarms first.
    const stackName = Stack.of(this).stackName;
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${stackName}-operations`,
      defaultInterval: Duration.hours(3),
    });
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8, annotation?: number) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6, leftAnnotations: annotation === undefined ? undefined : [{ value: annotation, label: 'alarm' }] });
    const search = (title: string, expression: string, width = 12) =>
      new cloudwatch.GraphWidget({ title, width, height: 6, left: [new cloudwatch.MathExpression({ expression, label: '', period: FIVE_MINUTES })] });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms of this stack (per-route alarms: see the alarm list, prefix <stack>-route-)', alarms: this.alarms, width: 24, height: 4 }),
    );
    this.dashboard.addWidgets(
      graph('API requests', [count], 8),
      graph('API 5xx %', [api5xxRate], 8, t.api5xxPercent),
      search('5xx by route (Caseload Http5xx)', `SEARCH('{${PRODUCT_NAMESPACE},route,service} MetricName="Http5xx"', 'Sum', 300)`, 8),
    );
    this.dashboard.addWidgets(
      search('p99 duration by function (ms; alarm at 80 % of each timeout)', `SEARCH('{AWS/Lambda,FunctionName} MetricName="Duration" ${stackName}', 'p99', 300)`, 12),
      graph('Lambda throttles (account)', [lambdaThrottles], 6, 1),
      graph('DynamoDB throttles', [dynamo.metric], 6, 1),
    );
    this.dashboard.addWidgets(
      graph('Wrong passwords', [loginFailures.metric], 6, t.loginFailuresPer5Min),
      graph('Lockouts', [lockouts.metric], 6, t.lockoutsPer5Min),
      graph('Wrong 2FA codes', [twoFactor.metric], 6, t.twoFactorFailuresPer5Min),
      graph('Note generation p90 (ms)', [noteLatency.metric], 6, t.noteGenerationP90Ms),
    );
    this.dashboard.addWidgets(
      graph('Bedrock errors and throttles', bedrockAlarms.map((a) => a.metric), 8),
      graph('Bulk jobs in the dead-letter queue', [deadLetters.metric], 8, t.deadLetters),
      search('Backup jobs failed (AWS Backup)', `SEARCH('{AWS/Backup} MetricName="NumberOfBackupJobsFailed"', 'Sum', 3600)`, 8),
    );
    if (props.webAclArn) {
      this.dashboard.addWidgets(
        graph(
          'WAF blocked requests (CloudFront web ACL, us-east-1; alarmed in the edge stack)',
          [
            new cloudwatch.Metric({
              namespace: 'AWS/WAFV2',
              metricName: 'BlockedRequests',
              dimensionsMap: { WebACL: webAclName(props.webAclArn), Rule: 'ALL' },
              statistic: 'Sum',
              period: FIVE_MINUTES,
              region: EDGE_REGION,
            }),
          ],
          24,
          t.wafBlockedPer5Min,
        ),
      );
    }
  }

  /**
   * The two alarms of one route, made in `scope` (its route group's nested stack): its 5xx answers,
   * and its p99 duration near its timeout. Named `<stack>-route-<name>-…` so the alarm list filters
   * by route.
   */
  addRouteAlarms(scope: Construct, route: ManifestRoute, fn: lambda.Function, timeoutSeconds: number): cloudwatch.Alarm[] {
    const t = this.thresholds;
    const prefix = `${Stack.of(this).stackName}-route-${route.name}`;
    const id = route.name.charAt(0).toUpperCase() + route.name.slice(1);
    const errors = new cloudwatch.Alarm(scope, `${id}5xxAlarm`, {
      alarmName: `${prefix}-5xx`,
      alarmDescription: `${route.method} ${route.path} answered 5xx ${t.route5xxPer5Min}+ times in 5 minutes (runbook: Route alarms).`,
      metric: new cloudwatch.Metric({
        namespace: PRODUCT_NAMESPACE,
        metricName: 'Http5xx',
        dimensionsMap: { ...SERVICE_DIMENSION, route: route.handler },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
      threshold: t.route5xxPer5Min,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const slow = new cloudwatch.Alarm(scope, `${id}LatencyAlarm`, {
      alarmName: `${prefix}-near-timeout`,
      alarmDescription: `${route.method} ${route.path}: p99 duration at ${t.routeLatencyFractionOfTimeout * 100} % of its ${timeoutSeconds} s timeout for ${t.routeLatencyPeriods * 5} minutes (runbook: Route alarms).`,
      metric: fn.metricDuration({ statistic: 'p99', period: FIVE_MINUTES }),
      threshold: Math.round(timeoutSeconds * 1000 * t.routeLatencyFractionOfTimeout),
      evaluationPeriods: t.routeLatencyPeriods,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    for (const alarm of [errors, slow]) {
      alarm.addAlarmAction(new actions.SnsAction(this.topic));
      alarm.addOkAction(new actions.SnsAction(this.topic));
    }
    return [errors, slow];
  }

  private add(id: string, props: Omit<cloudwatch.AlarmProps, 'comparisonOperator' | 'treatMissingData'>) {
    const alarm = new cloudwatch.Alarm(this, id, {
      ...props,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    alarm.addOkAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}
