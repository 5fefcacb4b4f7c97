import * as z from 'zod/mini';

/**
 * Builds a schema in a call bundlers may drop when nothing uses its result. A schema whose
 * definition calls `.check()` is otherwise kept in every bundle that imports its module (a method
 * call may have side effects), and every handler imports the whole manifest.
 */
/* @__NO_SIDE_EFFECTS__ */
export function schema<T>(build: () => T): T {
  return build();
}

/** Shapes shared by several areas. */
export const id = z.uuid({ message: 'Must be a valid id' });

/**
 * The one window every date the API accepts lies in (both ends included). Years 0–99 are where
 * `Date.UTC` reads 1900–1999 and a year 0001 series would expand for centuries: nothing in a school
 * caseload is dated outside this window, so such a date is refused before any work starts.
 */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';
export const DATE_OUT_OF_RANGE = `Choose a date between ${EARLIEST_DATE} and ${LATEST_DATE}`;
/** Whether the calendar date a `yyyy-MM-dd…` string starts with lies in the window (as written, before any offset). */
export const isDateInWindow = (value: string) => {
  const date = value.slice(0, 10);
  return date >= EARLIEST_DATE && date <= LATEST_DATE;
};

export const isoDateTime = /* @__PURE__ */ schema(() =>
  z.iso.datetime({ offset: true, message: 'Must be a date and time' }).check(z.refine(isDateInWindow, DATE_OUT_OF_RANGE)),
);
export const isoDate = /* @__PURE__ */ schema(() =>
  z.iso.date({ message: 'Must be a date (yyyy-MM-dd)' }).check(z.refine(isDateInWindow, DATE_OUT_OF_RANGE)),
);
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

/** `name`: a single line that also refuses invisible format characters (see hasNoInvisibleFormatting). */
export type TextKind = 'line' | 'free' | 'name';
const forbidden = (kind: TextKind) => (kind === 'free' ? FREE_TEXT_FORBIDDEN : SINGLE_LINE_FORBIDDEN);

/** Whether a value is fit for a text field of this kind (the check every text schema makes). */
export const hasOnlyAllowedCharacters = (value: string, kind: TextKind) => !forbidden(kind).test(value);

/**
 * Names (of clients, users, organizations, templates, goals, periods, school years...) refuse
 * invisible format characters (Unicode category Cf): bidi embeddings, overrides and isolates
 * (U+202A–202E, U+2066–2069), direction marks (U+200E/200F, U+061C), zero-width space U+200B,
 * word joiner U+2060, byte-order mark U+FEFF, soft hyphen, tags... A name that displays differently
 * from what it is (spoofing in lists, signatures and exports) cannot be stored. ZWNJ and ZWJ
 * (U+200C/U+200D) spell Persian, Arabic and Indic names (علی‌رضا, ශ්‍රී): they are kept, but only
 * between two letters or marks, where they shape the letters and cannot stand for anything else.
 * Free text (notes, diagnoses) keeps every Cf character: a direction mark is legitimate there.
 */
const JOINERS = new Set(['\u200c', '\u200d']);
const LETTER_BEFORE = /[\p{L}\p{M}]$/u;
const LETTER_AFTER = /^[\p{L}\p{M}]/u;
export function hasNoInvisibleFormatting(value: string): boolean {
  for (const m of value.matchAll(/\p{Cf}/gu)) {
    const at = m.index;
    const joinsLetters = JOINERS.has(m[0]) && LETTER_BEFORE.test(value.slice(0, at)) && LETTER_AFTER.test(value.slice(at + 1));
    if (!joinsLetters) return false;
  }
  return true;
}
export const invisibleCharactersMessage = (label: string) => `${label} cannot contain invisible or text-direction characters`;

/** The name rule, for a schema of that kind. */
const nameChecks = (kind: TextKind, label: string) => (kind === 'name' ? [z.refine<string>(hasNoInvisibleFormatting, invisibleCharactersMessage(label))] : []);

/** A string schema that refuses control characters: every text input goes through one of these. */
export const text = (kind: TextKind, required?: string) =>
  (required ? z.string({ error: required }) : z.string()).check(z.refine((v) => hasOnlyAllowedCharacters(v, kind), NOT_ALLOWED_CHARACTERS), ...nameChecks(kind, 'Name'));

/**
 * An optional field whose raw value is mapped by `toValue` before `schema` reads it (a blank form
 * value becomes absent). The outer optional lets the key itself be left out of the input type.
 */
export const optionalPreprocessed = <T extends z.core.SomeType>(toValue: (v: unknown) => unknown, schema: T) =>
  z.optional(z.pipe(z.transform(toValue), z.optional(schema)));

/** Optional text: blank becomes absent, so "" never overwrites with noise. */
export const optionalText = (max: number, label: string, kind: TextKind = 'line') =>
  optionalPreprocessed(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    z.string().check(
      z.trim(),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.refine((v) => hasOnlyAllowedCharacters(v, kind), NOT_ALLOWED_CHARACTERS),
      ...nameChecks(kind, label),
    ),
  );

export const requiredText = (max: number, required: string, label: string, kind: TextKind = 'line') =>
  z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, `${label} must be at most ${max} characters`),
    z.refine((v) => hasOnlyAllowedCharacters(v, kind), NOT_ALLOWED_CHARACTERS),
    ...nameChecks(kind, label),
  );


export const okBody = z.object({ ok: z.literal(true) });
