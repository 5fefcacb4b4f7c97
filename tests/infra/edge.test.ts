/**
 * The edge stack: the AWS WAF web ACL CloudFront uses (us-east-1), its rules and its logs.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDGE_REGION, EdgeStack, SIGN_IN_RATE_PER_5_MIN } from '../../infra/constructs/edge.ts';
import { ALARM_THRESHOLDS, LIMITS } from '../../infra/config.ts';
import { ofType, refId, type Resource } from './support.ts';

let resources: Record<string, Resource>;
let stack: EdgeStack;
beforeAll(() => {
  stack = new EdgeStack(new App(), 'CaseloadEdge', { env: { region: EDGE_REGION } });
  resources = (Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> }).Resources;
});

const acl = () => ofType(resources, 'AWS::WAFv2::WebACL')[0]![1].Properties!;
const rule = (name: string) => (acl().Rules as Record<string, any>[]).find((r) => r.Name === name)!;

describe('edge stack (AWS WAF for CloudFront)', () => {
  it('lives in us-east-1 with a CloudFront-scope web ACL that allows by default', () => {
    expect(stack.region).toBe('us-east-1');
    expect(acl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('blocks an IP that exceeds the rate on /api/login and on /api/2fa/*', () => {
    const login = rule('LoginRate');
    expect(login.Action).toEqual({ Block: {} });
    expect(login.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: SIGN_IN_RATE_PER_5_MIN, EvaluationWindowSec: 300 });
    expect(login.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: '/api/login', PositionalConstraint: 'EXACTLY', FieldToMatch: { UriPath: {} } });
    const twoFactor = rule('TwoFactorRate');
    expect(twoFactor.Action).toEqual({ Block: {} });
    expect(twoFactor.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: '/api/2fa/', PositionalConstraint: 'STARTS_WITH' });
  });

  it('limits each IP on all of /api/ to the whole district peak (config LIMITS), after the sign-in rules', () => {
    const api = rule('ApiRate');
    expect(api.Action).toEqual({ Block: {} });
    expect(api.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: LIMITS.apiRatePerIpPer5Min, EvaluationWindowSec: 300 });
    expect(api.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' });
    expect(SIGN_IN_RATE_PER_5_MIN).toBe(LIMITS.signInRatePerIpPer5Min);
  });

  it("alarms on the web ACL's blocked requests into its own KMS-encrypted topic in us-east-1", () => {
    const [, alarm] = ofType(resources, 'AWS::CloudWatch::Alarm')[0]!;
    expect(alarm.Properties).toMatchObject({ Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests', Statistic: 'Sum', Period: 300, Threshold: ALARM_THRESHOLDS.wafBlockedPer5Min });
    const dims = alarm.Properties?.Dimensions as { Name: string; Value: unknown }[];
    expect(dims.find((d) => d.Name === 'Rule')?.Value).toBe('ALL');
    expect(JSON.stringify(dims.find((d) => d.Name === 'WebACL')?.Value)).toContain(ofType(resources, 'AWS::WAFv2::WebACL')[0]![0]);
    const [topicId, topic] = ofType(resources, 'AWS::SNS::Topic')[0]!;
    expect(refId(alarm.Properties?.AlarmActions[0])).toBe(topicId);
    expect(resources[refId(topic.Properties?.KmsMasterKeyId)!]?.Type).toBe('AWS::KMS::Key');
  });

  it("applies AWS's managed rule groups; only the body size and body XSS rules count (rich-text notes), the API checks those", () => {
    const groups = (acl().Rules as Record<string, any>[]).filter((r) => r.Statement.ManagedRuleGroupStatement).map((r) => r.Statement.ManagedRuleGroupStatement);
    expect(groups.map((g) => `${g.VendorName}/${g.Name}`).sort()).toEqual([
      'AWS/AWSManagedRulesAmazonIpReputationList',
      'AWS/AWSManagedRulesCommonRuleSet',
      'AWS/AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    const overrides = groups.flatMap((g) => (g.RuleActionOverrides ?? []) as { Name: string; ActionToUse: unknown }[]);
    expect(overrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      { Name: 'CrossSiteScripting_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  it('logs to a KMS-encrypted aws-waf-logs- group kept a year, with the cookie header redacted', () => {
    const [groupId, group] = ofType(resources, 'AWS::Logs::LogGroup')[0]!;
    expect(group.Properties?.LogGroupName).toBe('aws-waf-logs-CaseloadEdge');
    expect(group.Properties?.RetentionInDays).toBe(365);
    expect(resources[refId(group.Properties?.KmsKeyId)!]?.Type).toBe('AWS::KMS::Key');
    const [, logging] = ofType(resources, 'AWS::WAFv2::LoggingConfiguration')[0]!;
    expect(logging.Properties?.RedactedFields).toEqual([{ SingleHeader: { Name: 'cookie' } }]);
    expect(JSON.stringify(logging.Properties?.LogDestinationConfigs)).toContain('log-group:aws-waf-logs-CaseloadEdge');
    expect(logging.DependsOn).toContain(groupId);
  });
});
