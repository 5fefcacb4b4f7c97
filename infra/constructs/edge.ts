/**
 * The edge stack: the AWS WAF web ACL in front of CloudFront. A web ACL for CloudFront must live in
 * us-east-1 whatever region the application runs in, so it is a small stack of its own, deployed
 * there once; its WebAclArn output is given to the main stack as the `webAclArn` context value.
 *
 * Rules, in order:
 * - rate-based rules per client IP on the sign-in endpoints (`/api/login`, `/api/2fa/*`): the
 *   per-IP sign-in limit, in front of the per-account lockout in code (config.ts LIMITS);
 * - a rate-based rule per client IP on all of `/api/`: no one address takes more than the whole
 *   district's peak (config.ts LIMITS.apiRatePerIpPer5Min);
 * - AWS managed rule groups: the IP reputation list, known bad inputs (Log4j, exploit payloads),
 *   and the common rule set. Two rules of the common set only count: clinical notes are rich-text
 *   HTML bodies, often over 8 KB, which SizeRestrictions_BODY and CrossSiteScripting_BODY would
 *   block; the API validates every body (zod) and sanitizes rich text on the server.
 *
 * WAF logs every request it evaluates into a KMS-encrypted log group kept a year, with the cookie
 * header redacted (it carries the session).
 *
 * Blocked-request spikes raise an alarm here: the web ACL's metrics exist only in us-east-1 and an
 * alarm can only watch its own region, and an alarm's SNS action must be in its region too. So this
 * stack has its own KMS-encrypted topic (subscribe the same operators: `alarmEmail`); the main
 * stack's dashboard shows the same metric.
 *
 * An operator who brings their own web ACL instead of this stack's must give it the same rules
 * (docs/operations.md, "Limits"); the main stack only checks that `webAclArn` is a CloudFront ACL.
 */
import { ArnFormat, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ALARM_THRESHOLDS, LIMITS } from '../config.ts';
import { acknowledge } from './nag.ts';
import { alarmsPublishToTopic, logGroupsOfThisAccount } from './key-policies.ts';

/** Requests per client IP in 5 minutes on each sign-in endpoint (config.ts LIMITS: a district behind one NAT). */
export const SIGN_IN_RATE_PER_5_MIN = LIMITS.signInRatePerIpPer5Min;
/** CloudFront web ACLs are global resources managed from this region. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  signInRatePer5Min?: number;
  /** Per client IP on /api/*, per 5 minutes (config.ts LIMITS.apiRatePerIpPer5Min). */
  apiRatePer5Min?: number;
  /** Subscribed to this stack's alarm topic (the same operators as the main stack's). */
  alarmEmail?: string;
  /** Blocked requests in 5 minutes that raise the alarm (config.ts ALARM_THRESHOLDS.wafBlockedPer5Min). */
  blockedPer5Min?: number;
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** A path condition on the URI (lower-cased first, so `/API/LOGIN` is counted too). */
const uriPath = (searchString: string, positionalConstraint: 'EXACTLY' | 'STARTS_WITH'): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});

const managed = (name: string, priority: number, countOnly: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
    },
  },
  visibilityConfig: visibility(name),
});

export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  readonly topic: sns.Topic;
  readonly blockedAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: EdgeStackProps = {}) {
    super(scope, id, { description: 'Caseload edge: AWS WAF web ACL for CloudFront (us-east-1)', ...props });
    const signInLimit = props.signInRatePer5Min ?? SIGN_IN_RATE_PER_5_MIN;
    const rateRule = (name: string, priority: number, path: wafv2.CfnWebACL.StatementProperty, limit = signInLimit): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: {} },
      statement: { rateBasedStatement: { aggregateKeyType: 'IP', evaluationWindowSec: 300, limit, scopeDownStatement: path } },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Caseload: managed rule groups and sign-in rate limits',
      visibilityConfig: visibility('CaseloadWebAcl'),
      rules: [
        rateRule('LoginRate', 0, uriPath('/api/login', 'EXACTLY')),
        rateRule('TwoFactorRate', 1, uriPath('/api/2fa/', 'STARTS_WITH')),
        rateRule('ApiRate', 2, uriPath('/api/', 'STARTS_WITH'), props.apiRatePer5Min ?? LIMITS.apiRatePerIpPer5Min),
        managed('AWSManagedRulesAmazonIpReputationList', 10),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 20),
        managed('AWSManagedRulesCommonRuleSet', 30, ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY']),
      ],
    });

    const logKey = new kms.Key(this, 'LogKey', {
      description: `Caseload (${this.stackName}): encrypts the WAF log group`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    logKey.addToResourcePolicy(logGroupsOfThisAccount());
    // WAF only delivers to log groups whose name starts with aws-waf-logs-.
    const logGroupName = `aws-waf-logs-${this.stackName}`;
    const logGroup = new logs.LogGroup(this, 'WafLogs', { logGroupName, retention: logs.RetentionDays.ONE_YEAR, encryptionKey: logKey });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [this.formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'cookie' } }],
    });
    logging.node.addDependency(logGroup);

    // Blocked requests (every rule, the web ACL's 'ALL' series) to this region's encrypted topic.
    const topicKey = new kms.Key(this, 'TopicKey', {
      description: `Caseload (${this.stackName}): encrypts the WAF alarm topic`,
      enableKeyRotation: true,
    });
    topicKey.addToResourcePolicy(alarmsPublishToTopic());
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'Caseload WAF alarms', enforceSSL: true, masterKey: topicKey });
    if (props.alarmEmail) {
      const subscription = this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
      acknowledge(subscription, {
        'Serverless-SNSRedrivePolicy':
          'An e-mail subscription: SNS retries the delivery itself, and an alarm that could not be mailed stays in ALARM in CloudWatch until it clears. A dead-letter queue of undelivered e-mails would need its own watcher.',
      });
    }
    this.blockedAlarm = new cloudwatch.Alarm(this, 'BlockedRequests', {
      alarmDescription: 'AWS WAF blocked an unusual number of requests to Caseload in 5 minutes: an attack, or a rule locking out a school (runbook: WAF alarm).',
      metric: new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        // The web ACL's generated name: arn:…:global/webacl/<name>/<id>.
        dimensionsMap: { WebACL: Fn.select(2, Fn.split('/', this.webAcl.attrArn)), Rule: 'ALL' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: props.blockedPer5Min ?? ALARM_THRESHOLDS.wafBlockedPer5Min,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.blockedAlarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.blockedAlarm.addOkAction(new actions.SnsAction(this.topic));

    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn, description: 'Subscribe operators here (WAF alarms)' });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'Give to the main stack: -c webAclArn=<this>' });
  }
}
