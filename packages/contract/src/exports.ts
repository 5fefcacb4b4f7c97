/**
 * Whole-district file exports run as background jobs (part 4 §9): the service log and the minutes
 * list as CSV, the same files the synchronous exports write, never refused for size. The job
 * writes the file to storage (S3 in the cloud, the data folder under `npm start`); once done, its
 * answer carries a short-lived download link.
 */
import * as z from 'zod/mini';
import { assignedToSchema } from './caseload.ts';
import { id, isoDate, optionalPreprocessed, schema } from './common.ts';
import { refineDateRange } from './school-year.ts';

/** The CSV lists (`kind`), and the whole record of the district or of one student as a zip (`scope`, part 4 §5). */
export const exportKinds = ['serviceLog', 'minutes', 'account', 'client'] as const;
export type ExportKind = (typeof exportKinds)[number];
/** Whether a kind is a whole export (a zip) rather than a CSV list. */
export const isWholeExport = (kind: ExportKind): kind is 'account' | 'client' => kind === 'account' || kind === 'client';
export const exportJobStatuses = ['running', 'done', 'failed'] as const;

const blankToAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const period = () => ({ from: optionalPreprocessed(blankToAbsent, isoDate), to: optionalPreprocessed(blankToAbsent, isoDate), assignedTo: z._default(assignedToSchema, 'me') });

/**
 * The filters of each CSV kind are those of its list (GET /api/service-log, GET /api/service-minutes);
 * a whole export names its scope: the account (the owner) or one student (canEditClients and the
 * student visible to the caller).
 */
export const exportBody = /* @__PURE__ */ schema(() =>
  z.union([
    z.object({ scope: z.literal('account') }),
    z.object({ scope: z.literal('client'), clientId: id }),
    z
      .object({ kind: z.literal('serviceLog'), ...period(), medicaidOnly: z._default(z.boolean(), false), unsignedOnly: z._default(z.boolean(), false) })
      .check(z.superRefine(refineDateRange)),
    z.object({ kind: z.literal('minutes'), ...period() }).check(z.superRefine(refineDateRange)),
  ]),
);
export type ExportInput = z.input<typeof exportBody>;
export type ExportRequest = z.output<typeof exportBody>;

/** A job's state: progress 0–100 (100 only when done), the rows written so far, and once done the link. */
export const exportJob = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    kind: z.enum(exportKinds),
    status: z.enum(exportJobStatuses),
    progress: z.number().check(z.gte(0), z.lte(100)),
    rows: z.number(),
    fileName: z.string(),
    /** Present once done: valid for EXPORT_LINK_MINUTES, read the job again for a fresh one. */
    downloadUrl: z.optional(z.string()),
  }),
);
export type ExportJob = z.infer<typeof exportJob>;
export const exportJobParams = /* @__PURE__ */ schema(() => z.object({ jobId: id }));

/** How long a download link works (part 4 §5: 15 minutes); the page reads the job again for a new one. */
export const EXPORT_LINK_MINUTES = 15;
