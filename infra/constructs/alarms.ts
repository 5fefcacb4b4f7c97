/**
 * Operations: alarms on what a district's operator must act on, all sent to one SNS topic
 * (with an optional e-mail subscription).
 *
 * - API 5xx rate: the share of API requests answered with a 5xx, over 5 minutes.
 * - Lambda throttles: the account-and-region aggregate of AWS/Lambda Throttles. One alarm per
 *   function would be ~60 alarms, and a metric-math alarm may only combine 10 metrics; a
 *   throttle anywhere in the account means the shared concurrency pool is exhausted, which is
 *   exactly what hurts this stack (in a shared account it errs on the side of alarming).
 * - DynamoDB throttles: read and write throttle events of the table and of each GSI.
 * - Dead-letter queue: any bulk-generation job that failed three times.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';

export interface AlarmsProps {
  httpApi: apigw.HttpApi;
  table: dynamodb.Table;
  indexNames: readonly string[];
  deadLetterQueue: sqs.Queue;
  alarmEmail?: string;
  /** Encrypts the topic; its key policy lets CloudWatch alarms publish (data.ts, opsKey). */
  topicKey: kms.IKey;
  /** Percentage of 5xx answers that raises the API alarm. */
  api5xxPercent?: number;
}

const FIVE_MINUTES = Duration.minutes(5);

export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
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
    this.add('Api5xxRate', {
      alarmDescription: 'More than the allowed share of API requests failed with a 5xx in 5 minutes.',
      // No traffic gives no datapoint (missing data: not breaching) rather than 0/0.
      metric: new cloudwatch.MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { errors, requests: count },
        period: FIVE_MINUTES,
        label: 'API 5xx %',
      }),
      threshold: props.api5xxPercent ?? 5,
      evaluationPeriods: 1,
    });

    this.add('LambdaThrottles', {
      alarmDescription: 'Lambda throttled invocations (account and region aggregate).',
      metric: new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES }),
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
    this.add('DynamoDbThrottles', {
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

    this.add('BulkGenerationDeadLetters', {
      alarmDescription: 'A bulk note generation job failed three times and is in the dead-letter queue.',
      metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: 1,
      evaluationPeriods: 1,
    });
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
