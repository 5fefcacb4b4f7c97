import * as z from 'zod';
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { safeParseStrict, strictDeep } from './strict.ts';

describe('strictDeep', () => {
  const schema = z.union([
    z.object({ a: z.string(), items: z.array(z.object({ b: z.number() })), inner: z.object({ c: z.boolean() }).optional(), maybe: z.object({ d: z.number() }).nullable() }),
    z.object({ flag: z.literal(true) }),
  ]);

  it('refuses unknown keys at every depth, naming where', () => {
    expect(safeParseStrict(schema, { a: 'x', items: [{ b: 1 }], inner: { c: true }, maybe: { d: 1 } }).success).toBe(true);
    expect(safeParseStrict(schema, { flag: true }).success).toBe(true);
    const deep = safeParseStrict(schema, { a: 'x', items: [{ b: 1, extra: 2 }], maybe: null });
    expect(deep.success).toBe(false);
    expect(JSON.stringify(deep.error?.issues)).toContain('extra');
    expect(safeParseStrict(schema, { a: 'x', items: [], inner: { c: true, d: 1 }, maybe: null }).success).toBe(false);
    expect(safeParseStrict(schema, { a: 'x', items: [], maybe: { d: 1, e: 2 } }).success).toBe(false);
    expect(safeParseStrict(schema, { flag: true, more: 1 }).success).toBe(false);
  });

  it('leaves the original schema as it was', () => {
    strictDeep(schema);
    expect(schema.safeParse({ flag: true, more: 1 }).success).toBe(true);
  });

  it("keeps an object's own checks", () => {
    const refined = z.object({ from: z.number(), to: z.number() }).refine((v) => v.from < v.to, 'from must be before to');
    expect(safeParseStrict(refined, { from: 2, to: 1 }).success).toBe(false);
  });

  it('serves zod/mini schemas too', () => {
    const mini = zm.array(zm.object({ id: zm.string(), inner: zm.optional(zm.object({ n: zm.number() })) }));
    expect(safeParseStrict(mini, [{ id: 'a', inner: { n: 1 } }]).success).toBe(true);
    expect(safeParseStrict(mini, [{ id: 'a', inner: { n: 1, x: 0 } }]).success).toBe(false);
  });
});
