import * as z from 'zod';

/** Shapes shared by several areas. */
export const id = z.uuid({ message: 'Must be a valid id' });
export const isoDateTime = z.iso.datetime({ offset: true, message: 'Must be a date and time' });
export const isoDate = z.iso.date({ message: 'Must be a date (yyyy-MM-dd)' });
export const idParams = z.object({ id });

/** Optional free text: blank becomes absent, so "" never overwrites with noise. */
export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    z.string().trim().max(max, `${label} must be at most ${max} characters`).optional(),
  );

export const requiredText = (max: number, required: string, label: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters`);

export const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true) });
