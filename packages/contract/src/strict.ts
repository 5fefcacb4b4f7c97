/**
 * Written against zod's core, so it serves schemas built with zod and with zod/mini alike.
 */
import * as core from 'zod/v4/core';

const strictCopies = new WeakMap<core.$ZodType, core.$ZodType>();
const noOtherKeys = /* @__PURE__ */ new core.$ZodNever({ type: 'never' });

/**
 * The schema with every object in it, however deep, refusing unknown keys (z.strictObject's rule).
 * The contract's schemas strip unknown keys, which would let an answer carry a field no schema
 * names (an internal attribute, a key) unnoticed; checks of answers use this copy instead.
 * Objects, arrays, optionals, nullables and unions are rebuilt; anything else is kept as it is.
 */
export function strictDeep<S extends core.$ZodType>(schema: S): S {
  let copy = strictCopies.get(schema);
  if (!copy) {
    copy = rebuild(schema);
    strictCopies.set(schema, copy);
  }
  return copy as S;
}

/** Parses `value` with the strict copy of `schema`. */
export const safeParseStrict = <S extends core.$ZodType>(schema: S, value: unknown) => core.safeParse(strictDeep(schema), value);

// Each copy is a clone of the original with its def changed, so the object's own checks and the
// schema's class (zod or zod/mini) are kept.
function rebuild(schema: core.$ZodType): core.$ZodType {
  if (schema instanceof core.$ZodObject) {
    const def = schema._zod.def;
    const shape = Object.fromEntries(Object.entries(def.shape).map(([key, value]) => [key, strictDeep(value)]));
    return core.clone(schema, { ...def, shape, catchall: noOtherKeys });
  }
  if (schema instanceof core.$ZodArray) return core.clone(schema, { ...schema._zod.def, element: strictDeep(schema._zod.def.element) });
  if (schema instanceof core.$ZodOptional) return core.clone(schema, { ...schema._zod.def, innerType: strictDeep(schema._zod.def.innerType) });
  if (schema instanceof core.$ZodNullable) return core.clone(schema, { ...schema._zod.def, innerType: strictDeep(schema._zod.def.innerType) });
  if (schema instanceof core.$ZodUnion) return core.clone(schema, { ...schema._zod.def, options: schema._zod.def.options.map((o) => strictDeep(o)) });
  return schema;
}
