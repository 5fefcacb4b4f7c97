import { describe, expect, it } from 'vitest';
import { hashCostLog2, PRODUCTION_COST_LOG2 } from './passwords.ts';

describe('password hash cost', () => {
  it('is the production cost unless configured', () => {
    expect(hashCostLog2({})).toBe(PRODUCTION_COST_LOG2);
    expect(hashCostLog2({ NODE_ENV: 'test', PASSWORD_HASH_COST: '' })).toBe(PRODUCTION_COST_LOG2);
  });

  it('may be lowered by configuration only in a test run', () => {
    expect(hashCostLog2({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' })).toBe(10);
    expect(() => hashCostLog2({ NODE_ENV: 'production', PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST must be an integer from 17 to 20/);
    expect(() => hashCostLog2({ PASSWORD_HASH_COST: '16' })).toThrow(/from 17/);
    expect(hashCostLog2({ PASSWORD_HASH_COST: '18' })).toBe(18);
  });

  it('refuses values that are not a sane exponent', () => {
    for (const bad of ['9', '21', '12.5', 'abc']) expect(() => hashCostLog2({ NODE_ENV: 'test', PASSWORD_HASH_COST: bad })).toThrow();
  });
});
