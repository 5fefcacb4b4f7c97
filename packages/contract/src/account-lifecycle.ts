/**
 * Leaving and retention (part 4 §5): deleting a district at contract end, and how long the signed
 * documentation of archived students is kept.
 */
import * as z from 'zod/mini';
import { id, isoDateTime, requiredText, schema } from './common.ts';

/** Days between the owner's request and the deletion. */
export const DELETION_NOTICE_DAYS = 30;
export const CONFIRM_NAME_MISMATCH = "Type the district's name to confirm";
/** The banner every user of a district with a scheduled deletion sees (`date` formatted for the reader). */
export const deletionBanner = (date: string) => `This district's data will be deleted on ${date}`;

/** The typed name: text like the account's own name (control characters refused), compared by the service. */
export const deletionRequestBody = /* @__PURE__ */ schema(() =>
  z.object({ confirmName: requiredText(255, CONFIRM_NAME_MISMATCH, 'District name', 'name') }),
);
export type DeletionRequestInput = z.input<typeof deletionRequestBody>;

/**
 * Whether a typed name confirms the district's: the same text once surrounding spaces are trimmed
 * and runs of spaces are one (case and accents count, it is a deliberate act).
 */
export const confirmsName = (typed: string, name: string) => {
  const tidy = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();
  return tidy(typed) === tidy(name);
};

/** How many years after an archived student's last service their signed documentation is kept. */
export const RETENTION_YEARS = { min: 5, max: 10, default: 7 } as const;
export const RETENTION_YEARS_RANGE = 'Choose between 5 and 10 years';
export const retentionYears = /* @__PURE__ */ schema(() =>
  z.number({ error: RETENTION_YEARS_RANGE }).check(z.int(RETENTION_YEARS_RANGE), z.gte(RETENTION_YEARS.min, RETENTION_YEARS_RANGE), z.lte(RETENTION_YEARS.max, RETENTION_YEARS_RANGE)),
);

/** What one run of the retention job purged in one district: counts and ids, never a name. */
export const purgeReport = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    ranAt: isoDateTime,
    retentionYears: z.number(),
    /** Students whose last service was on or before this date were purged. */
    lastServiceOnOrBefore: z.string(),
    clientIds: z.array(id),
    /** Session notes (with their signatures, signature copies and addenda), service-log lines (the student's place in a session), minutes-ledger lines. */
    counts: z.object({ sessionNotes: z.number(), serviceLogLines: z.number(), minutesLines: z.number() }),
  }),
);
export type PurgeReport = z.infer<typeof purgeReport>;
export const purgeReportList = /* @__PURE__ */ schema(() => z.object({ reports: z.array(purgeReport) }));
