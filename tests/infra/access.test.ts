/**
 * The IAM key families (infra/constructs/access.ts) against the key builders the code really
 * uses (packages/core/src/keys.ts): a new partition-key prefix must not ship without the policy
 * knowing about it, or it would work locally and be refused in the cloud.
 */
import { describe, expect, it } from 'vitest';
import { routeList } from '../../packages/contract/src/manifest.ts';
import { keys } from '../../packages/core/src/keys.ts';
import {
  ALL_KEY_FAMILIES,
  accessProfileForRoute,
  READ_ACTIONS,
  tableAccessForRoute,
  TENANT_KEYS,
  WRITE_ACTIONS,
} from '../../infra/constructs/access.ts';
import { bedrockStatements, bedrockTarget } from '../../infra/constructs/notes.ts';

const matches = (value: string, pattern: string) => value.startsWith(pattern.replace(/\*$/, ''));

/** Calls every key builder with placeholder arguments and collects each partition key it makes. */
function partitionKeys(): { builder: string; attribute: string; value: string }[] {
  const out: { builder: string; attribute: string; value: string }[] = [];
  for (const [builder, fn] of Object.entries(keys)) {
    const result = (fn as (...args: string[]) => unknown)('a1', 'b2', 'c3', 'd4', 'e5');
    if (typeof result === 'string') out.push({ builder, attribute: 'PK (as value)', value: result });
    else if (result && typeof result === 'object') {
      for (const [attribute, value] of Object.entries(result as Record<string, string>)) {
        if (['PK', 'GSI1PK', 'GSI2PK'].includes(attribute)) out.push({ builder, attribute, value });
      }
    }
  }
  return out;
}

describe('key families', () => {
  it('covers every partition key the key builders produce', () => {
    const found = partitionKeys();
    expect(found.length).toBeGreaterThan(10);
    for (const { builder, attribute, value } of found) {
      expect(
        ALL_KEY_FAMILIES.some((p) => matches(value, p)),
        `${builder}.${attribute} = ${value} is in no IAM key family`,
      ).toBe(true);
    }
  });

  it('keeps every GSI partition inside the tenant family (so index queries pass LeadingKeys)', () => {
    for (const { builder, attribute, value } of partitionKeys().filter((k) => k.attribute.startsWith('GSI'))) {
      expect(matches(value, 'ACCT#*'), `${builder}.${attribute}`).toBe(true);
    }
  });

  it('gives every signed-in route the tenant and login-session families', () => {
    for (const route of routeList) {
      const access = tableAccessForRoute(route);
      for (const family of TENANT_KEYS) expect(access.leadingKeys, route.handler).toContain(family);
      if (route.method === 'GET') {
        expect(access.actions).toEqual([...READ_ACTIONS]);
        expect(access.sessionActions).toEqual(['dynamodb:UpdateItem']);
      } else {
        expect(access.actions).toEqual([...READ_ACTIONS, ...WRITE_ACTIONS]);
      }
    }
  });

  it('names access profiles uniquely by what they grant', () => {
    const byName = new Map<string, string>();
    for (const route of routeList) {
      const profile = accessProfileForRoute(route);
      const signature = JSON.stringify(profile);
      expect(byName.get(profile.name) ?? signature).toBe(signature);
      byName.set(profile.name, signature);
    }
  });
});

describe('Bedrock target', () => {
  it('recognises cross-region inference profiles', () => {
    expect(bedrockTarget('anthropic.claude-3-5-haiku-20241022-v1:0')).toEqual({
      modelId: 'anthropic.claude-3-5-haiku-20241022-v1:0',
      foundationModelId: 'anthropic.claude-3-5-haiku-20241022-v1:0',
    });
    expect(bedrockTarget('eu.anthropic.claude-3-7-sonnet-20250219-v1:0')).toMatchObject({
      foundationModelId: 'anthropic.claude-3-7-sonnet-20250219-v1:0',
      inferenceProfileId: 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0',
    });
    expect(bedrockStatements('amazon.nova-lite-v1:0')).toHaveLength(1);
    expect(bedrockStatements('us.amazon.nova-lite-v1:0')).toHaveLength(2);
  });
});
