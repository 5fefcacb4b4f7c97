/**
 * The edge stack: the AWS WAF web ACL CloudFront uses (us-east-1), its rules and its logs.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDGE_REGION, EdgeStack, SIGN_IN_RATE_PER_5_MIN } from '../../infra/constructs/edge.ts';
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
