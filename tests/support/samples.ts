import * as z from 'zod/mini';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  minLength?: number;
  default?: unknown;
};

/** Ids the sample may use, by the property names that hold them. */
export interface SampleIds {
  clientId?: string;
  goalId?: string;
  organizationId?: string;
  [name: string]: string | undefined;
}

/**
 * A valid value for a request schema, derived from the schema itself (via JSON Schema), so a new
 * route's body is covered without being listed. Id-valued properties take the given ids.
 */
export function sampleFor(schema: z.ZodMiniType, ids: SampleIds = {}): unknown {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return sample(json, '', ids);
}

/** The parameters a query cannot do without (required on input), as a query string ('' when none). */
export function requiredQueryFor(schema: z.ZodMiniType | undefined, ids: SampleIds = {}): string {
  if (!schema) return '';
  const required = (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema).required ?? [];
  const values = sampleFor(schema, ids) as Record<string, unknown>;
  const params = new URLSearchParams(required.map((key) => [key, String(values[key])]));
  return required.length ? `?${params.toString()}` : '';
}

function idFor(name: string, ids: SampleIds): string | undefined {
  const singular = name.replace(/Ids$/, 'Id');
  if (singular === 'allowedOrganizationId') return ids.organizationId;
  return ids[singular];
}

function sample(s: JsonSchema, name: string, ids: SampleIds): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return sample(variants[variants.length - 1]!, name, ids);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        // Optional and naming a record of its own (a district roster entry): a sample client comes from the form.
        if (key === 'rosterEntryId' && !ids.rosterEntryId) continue;
        out[key] = sample(prop, key, ids);
      }
      return out;
    }
    case 'array': {
      const item = sample(s.items ?? {}, name, ids);
      return item === undefined ? [] : [item];
    }
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > 1 ? s.minimum : s.maximum !== undefined && s.maximum < 1 ? s.maximum : 1;
    case 'boolean':
      return true;
    case 'string':
      return stringSample(s, name, ids);
    default:
      return s.default;
  }
}

function stringSample(s: JsonSchema, name: string, ids: SampleIds): string {
  if (s.format === 'uuid') return idFor(name, ids) ?? crypto.randomUUID();
  if (s.format === 'email') return `sample-${crypto.randomUUID()}@example.test`;
  if (s.format === 'date-time') return new Date(Date.now() + 86400_000).toISOString();
  if (s.format === 'date') return name.toLowerCase().includes('end') ? new Date().toISOString().slice(0, 10) : new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
  if (name === 'password') return 'Sample-password-1!';
  if (name === 'lastInitial') return 'S';
  // A wall-clock time ("HH:mm"), not free text.
  if (name === 'time') return '15:30';
  // An IANA zone name, checked against the runtime's zone list.
  if (name === 'timeZone') return 'America/New_York';
  if (name === 'token') return '123456';
  // A diagnosis code in its format (the sampler names an array's items after the array).
  if (name === 'icd10Codes') return 'F80.0';
  return 'Sample text';
}
