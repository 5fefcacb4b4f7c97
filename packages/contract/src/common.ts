import * as z from 'zod';

/** Shapes shared by several areas. */
export const id = z.uuid({ message: 'Must be a valid id' });
export const isoDateTime = z.iso.datetime({ offset: true, message: 'Must be a date and time' });
export const isoDate = z.iso.date({ message: 'Must be a date (yyyy-MM-dd)' });
export const idParams = z.object({ id });

export const NOT_ALLOWED_CHARACTERS = 'Contains characters that are not allowed';

/**
 * Characters no text field stores: C0 controls, DEL and C1 controls (NUL, ESC... corrupt exports,
 * PDFs and terminals that show the logs), lone surrogates (not valid Unicode, so not valid UTF-8)
 * and the noncharacters U+FFFE/U+FFFF. Single-line fields refuse tab and line breaks too.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FREE_TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/u;

export type TextKind = 'line' | 'free';
const forbidden = (kind: TextKind) => (kind === 'line' ? SINGLE_LINE_FORBIDDEN : FREE_TEXT_FORBIDDEN);

/** Whether a value is fit for a text field of this kind (the check every text schema makes). */
export const hasOnlyAllowedCharacters = (value: string, kind: TextKind) => !forbidden(kind).test(value);

/** A string schema that refuses control characters: every text input goes through one of these. */
export const text = (kind: TextKind, required?: string) =>
  (required ? z.string({ error: required }) : z.string()).refine((v) => hasOnlyAllowedCharacters(v, kind), NOT_ALLOWED_CHARACTERS);

/** Optional text: blank becomes absent, so "" never overwrites with noise. */
export const optionalText = (max: number, label: string, kind: TextKind = 'line') =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    z.string().trim().max(max, `${label} must be at most ${max} characters`).refine((v) => hasOnlyAllowedCharacters(v, kind), NOT_ALLOWED_CHARACTERS).optional(),
  );

export const requiredText = (max: number, required: string, label: string, kind: TextKind = 'line') =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => hasOnlyAllowedCharacters(v, kind), NOT_ALLOWED_CHARACTERS);

export const okBody = z.object({ ok: z.literal(true) });
