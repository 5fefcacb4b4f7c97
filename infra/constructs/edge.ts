/**
 * The edge stack: the AWS WAF web ACL in front of CloudFront. A web ACL for CloudFront must live in
 * us-east-1 whatever region the application runs in, so it is a small stack of its own, deployed
 * there once; its WebAclArn output is given to the main stack as the `webAclArn` context value.
 *
 * Rules, in order:
 * - rate-based rules per client IP on the sign-in endpoints (`/api/login`, `/api/2fa/*`), a first
 *   line in front of the API's per-route throttle and the per-e-mail lockout in code;
 * - AWS managed rule groups: the IP reputation list, known bad inputs (Log4j, exploit payloads),
 *   and the common rule set. Two rules of the common set only count: clinical notes are rich-text
 *   HTML bodies, often over 8 KB, which SizeRestrictions_BODY and CrossSiteScripting_BODY would
 *   block; the API validates every body (zod) and sanitizes rich text on the server.
 *
 * WAF logs every request it evaluates into a KMS-encrypted log group kept a year, with the cookie
 * header redacted (it carries the session).
 */
import { ArnFormat, Aws, CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests per client IP in 5 minutes on each sign-in endpoint (a school's NAT shares one IP). */
export const SIGN_IN_RATE_PER_5_MIN = 300;
/** CloudFront web ACLs are global resources managed from this region. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  signInRatePer5Min?: number;
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

  constructor(scope: Construct, id: string, props: EdgeStackProps = {}) {
    super(scope, id, { description: 'Caseload edge: AWS WAF web ACL for CloudFront (us-east-1)', ...props });
    const limit = props.signInRatePer5Min ?? SIGN_IN_RATE_PER_5_MIN;
    const rateRule = (name: string, priority: number, path: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty => ({
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
    logKey.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'LogGroupsOfThisAccount',
        principals: [new iam.ServicePrincipal(`logs.${Aws.REGION}.amazonaws.com`)],
        actions: ['kms:Encrypt', 'kms:Decrypt', 'kms:ReEncryptFrom', 'kms:ReEncryptTo', 'kms:GenerateDataKey', 'kms:GenerateDataKeyWithoutPlaintext', 'kms:DescribeKey'],
        resources: ['*'],
        conditions: { ArnLike: { 'kms:EncryptionContext:aws:logs:arn': `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:*` } },
      }),
    );
    // WAF only delivers to log groups whose name starts with aws-waf-logs-.
    const logGroupName = `aws-waf-logs-${this.stackName}`;
    const logGroup = new logs.LogGroup(this, 'WafLogs', { logGroupName, retention: logs.RetentionDays.ONE_YEAR, encryptionKey: logKey });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [this.formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'cookie' } }],
    });
    logging.node.addDependency(logGroup);

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'Give to the main stack: -c webAclArn=<this>' });
  }
}
