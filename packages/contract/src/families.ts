/**
 * Families (part 4 §6): a delivered progress note shared with the student's family through a link
 * valid 14 days and a 6-digit code given separately. The family's routes live under the link's
 * token and reach nothing else: unlocking with the code sets the family's own cookie for that
 * share (30 minutes), which the report, its PDF and the acknowledgement need.
 */
import * as z from 'zod/mini';
import { id, isoDate, isoDateTime, requiredText, schema, text } from './common.ts';
import { goalChart, goalProgressStates } from './goal-chart.ts';
import { languageNames, NOT_A_REPORT_LANGUAGE, reportLanguages, type ReportLanguage } from './report-languages.ts';
import { RICH_TEXT_MAX } from './sessions.ts';

export { languageNames, NOT_A_REPORT_LANGUAGE, reportLanguages, type ReportLanguage };

/** How long a share's link works (an unlock lasts 30 minutes: core families/visit-cookie.ts). */
export const SHARE_DAYS = 14;
/** Wrong codes that end a share: the fifth already answers LINK_ENDED. */
export const MAX_WRONG_CODES = 5;

export const NOTE_NOT_DELIVERED = 'Only a delivered progress note can be shared';
export const WRONG_CODE = 'That code is not right';
export const LINK_ENDED = 'This link has ended';
export const LANGUAGE_NOT_AVAILABLE = 'This language is not available';
export const TRANSLATION_NOT_REVIEWED = 'A translated note must be reviewed before it is shared';

/** The SPA's page for a share's link: `/family/<token>`. */
export const familyPagePath = (token: string) => `/family/${encodeURIComponent(token)}`;

/**
 * A link's token: `<accountId>_<shareId>_<secret>`. The ids say where the share is stored (every
 * key carries its account); only the 128-bit secret is unguessable, and only its hash is stored.
 * No dot: the SPA's fallback (local server and CloudFront) reads a last path segment with a dot
 * as a file.
 */
export const familyToken = /* @__PURE__ */ schema(() => z.string().check(z.regex(/^[0-9a-f-]{36}_[0-9a-f-]{36}_[A-Za-z0-9_-]{22}$/)));
export const familyTokenParams = /* @__PURE__ */ schema(() => z.object({ token: familyToken }));

export const reportLanguage = /* @__PURE__ */ schema(() => z.enum(reportLanguages, { error: NOT_A_REPORT_LANGUAGE }));

export const createShareBody = /* @__PURE__ */ schema(() => z.object({ language: z.optional(reportLanguage) }));
export const shareParams = /* @__PURE__ */ schema(() => z.object({ id, shareId: id }));

/** The answer of a new share: the link and the code, shown this once and never again. */
export const createdShare = /* @__PURE__ */ schema(() => z.object({ id, url: z.string(), code: z.string(), expiresAt: isoDateTime }));
export const share = /* @__PURE__ */ schema(() => z.object({
  id,
  expiresAt: isoDateTime,
  viewedAt: z.nullable(isoDateTime),
  acknowledgedAt: z.nullable(isoDateTime),
  acknowledgedBy: z.nullable(z.string()),
  revoked: z.boolean(),
}));
export type Share = z.infer<typeof share>;

export const unlockBody = /* @__PURE__ */ schema(() =>
  z.object({ code: text('line', WRONG_CODE).check(z.trim(), z.maxLength(20, WRONG_CODE)) }),
);
export const acknowledgeBody = /* @__PURE__ */ schema(() => z.object({ name: requiredText(100, 'Type your name', 'Your name', 'name') }));
export const acknowledged = /* @__PURE__ */ schema(() => z.object({ acknowledgedAt: isoDateTime, acknowledgedBy: z.string() }));

export const familyReportQuery = /* @__PURE__ */ schema(() => z.object({ lang: z.optional(z.enum(reportLanguages, { error: LANGUAGE_NOT_AVAILABLE })) }));

/** The family's report: only what the parent PDF prints. */
export const familyReport = /* @__PURE__ */ schema(() =>
  z.object({
    client: z.object({ firstName: z.string(), lastInitial: z.string() }),
    period: z.object({ start: isoDate, end: isoDate }),
    /** The student's school and district and who wrote the note, as the PDF prints them (null when not known). */
    school: z.nullable(z.string()),
    district: z.nullable(z.string()),
    preparedBy: z.nullable(z.string()),
    goals: z.array(z.object({ name: z.string(), status: z.enum(goalProgressStates), chart: goalChart })),
    /** The note's text (sanitized rich text). */
    note: z.string(),
    language: z.enum(reportLanguages),
    /** The languages this report can be read in: English and those with a reviewed translation. */
    languages: z.array(z.enum(reportLanguages)),
    /** Set when `note` is a translation: who reviewed it and when. */
    translatedBy: z.nullable(z.object({ name: z.string(), at: isoDateTime })),
    acknowledgedAt: z.nullable(isoDateTime),
    acknowledgedBy: z.nullable(z.string()),
  }),
);
export type FamilyReport = z.infer<typeof familyReport>;

/** A note's translation (part 4 §6): into a language other than English. */
export const translationLanguages = /* @__PURE__ */ schema(() => reportLanguages.filter((l): l is Exclude<ReportLanguage, 'en'> => l !== 'en'));
export const TRANSLATION_NOT_FOR_DELIVERED = 'Only a delivered progress note can be translated';
const translationText = /* @__PURE__ */ schema(() =>
  text('free', 'Write the translated note').check(z.trim(), z.minLength(1, 'Write the translated note'), z.maxLength(RICH_TEXT_MAX, 'The note is too long')),
);
export const translationLanguage = /* @__PURE__ */ schema(() => z.enum(translationLanguages as [Exclude<ReportLanguage, 'en'>, ...Exclude<ReportLanguage, 'en'>[]], { error: NOT_A_REPORT_LANGUAGE }));
export const createTranslationBody = /* @__PURE__ */ schema(() => z.object({ language: translationLanguage, text: z.optional(translationText) }));
export const reviewTranslationBody = /* @__PURE__ */ schema(() => z.object({ text: translationText, reviewed: z.literal(true, { error: 'Review the translation before saving it' }) }));
export const translationParams = /* @__PURE__ */ schema(() => z.object({ id, language: translationLanguage }));
export const noteTranslation = /* @__PURE__ */ schema(() => z.object({
  language: translationLanguage,
  text: z.string(),
  draftedBy: z.enum(['ai', 'clinician']),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(isoDateTime),
}));
export type NoteTranslationAnswer = z.infer<typeof noteTranslation>;
