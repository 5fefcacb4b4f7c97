/**
 * Roster import (part 4 §3): a district's schools, students and staff from its SIS as a OneRoster
 * 1.1 or 1.2 CSV zip. The browser sends the zip straight to storage (a presigned S3 PUT in the
 * cloud, the local upload route under `npm start`); a preview job streams it and compares it with
 * the account; apply writes the comparison. Students become entries of the district roster, from
 * which clients are created (POST /api/clients with `rosterEntryId`).
 */
import * as z from 'zod/mini';
import { id, optionalPreprocessed, schema } from './common.ts';
import { gradeLevels } from './enums.ts';

/** The largest zip accepted (part 4 §3: up to 200 MB). */
export const MAX_ROSTER_BYTES = 200 * 1024 * 1024;
/** How long an upload URL (its token, or the presigned S3 PUT) works. */
export const ROSTER_UPLOAD_MINUTES = 15;
/** How many errors and unmatched staff a preview lists (part 4 §3: the first 500). */
export const ROSTER_LIST_LIMIT = 500;

export const NOT_ONEROSTER = 'This is not a OneRoster CSV zip';
export const FIX_ORGS_FIRST = 'Fix the errors in orgs.csv first';
export const ROSTER_TOO_LARGE = 'A roster file can be at most 200 MB';
export const ROSTER_NOT_UPLOADED = 'Upload the roster file first';
export const ROSTER_NOT_READY = 'This import has no preview ready to apply';
export const ROSTER_MANAGERS_ONLY = 'Only the owner or a user who manages users for every organization can import a roster';
export const ROSTER_ENTRY_TAKEN = 'This student is already a client';
/** The preview option of part 4 §3, as the page shows it. */
export const ALL_STUDENTS_ARE_CLIENTS_LABEL = 'Every student in this file is served by our clinicians';

/**
 * The local upload route (not a manifest route: no Lambda can take a 200 MB body, the cloud sends
 * the file to S3). Its URL carries the import's short-lived upload token.
 */
export const LOCAL_UPLOAD_PREFIX = '/api/roster-uploads/';
export const localUploadPath = (accountId: string, importId: string, token: string) =>
  `${LOCAL_UPLOAD_PREFIX}${encodeURIComponent(accountId)}/${encodeURIComponent(importId)}?token=${encodeURIComponent(token)}`;

export const rosterImportStatuses = ['uploading', 'previewing', 'ready', 'applying', 'done', 'failed'] as const;
export type RosterImportStatus = (typeof rosterImportStatuses)[number];
export const rosterFiles = ['manifest.csv', 'orgs.csv', 'users.csv', 'academicSessions.csv', 'roles.csv'] as const;

/** POST /api/roster-imports: the zip's size when the browser knows it (refused above 200 MB before any upload). */
export const startRosterImportBody = /* @__PURE__ */ schema(() =>
  z.object({
    size: z.optional(z.number({ error: 'Size must be a number of bytes' }).check(z.int('Size must be a whole number of bytes'), z.gte(1, 'The file is empty'))),
  }),
);
export const rosterImportStarted = /* @__PURE__ */ schema(() => z.object({ importId: id, uploadUrl: z.string() }));
export type RosterImportStarted = z.infer<typeof rosterImportStarted>;

export const rosterImportParams = /* @__PURE__ */ schema(() => z.object({ id }));
export const previewBody = /* @__PURE__ */ schema(() => z.object({ allStudentsAreClients: z._default(z.boolean({ error: 'Must be true or false' }), false) }));
export type PreviewInput = z.input<typeof previewBody>;
export const applyBody = /* @__PURE__ */ schema(() => z.object({ schoolYears: z._default(z.boolean({ error: 'Must be true or false' }), false) }));
export type ApplyInput = z.input<typeof applyBody>;

export const changeCounts = /* @__PURE__ */ schema(() => z.object({ add: z.number(), update: z.number(), archive: z.number(), unchanged: z.number() }));
export type ChangeCounts = z.infer<typeof changeCounts>;
export const emptyCounts = (): ChangeCounts => ({ add: 0, update: 0, archive: 0, unchanged: 0 });

/** One problem of the file: `line` counts the header as line 1; a missing file or column has none. */
export const rosterError = /* @__PURE__ */ schema(() => z.object({ file: z.string(), line: z.optional(z.number()), message: z.string() }));
export type RosterError = z.infer<typeof rosterError>;

export const rosterImport = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    status: z.enum(rosterImportStatuses),
    progress: z.number().check(z.gte(0), z.lte(100)),
    counts: z.object({ schools: changeCounts, students: changeCounts, staff: changeCounts }),
    errors: z.array(rosterError),
    /** Errors beyond the listed ones. */
    moreErrors: z.number(),
    unmatchedStaff: z.array(z.object({ line: z.number(), email: z.string() })),
    schoolYears: z.array(z.object({ name: z.string(), firstDay: z.string(), lastDay: z.string() })),
    allStudentsAreClients: z.boolean(),
    /** Whether the file was a bulk file (the whole truth) or a delta file. */
    mode: z.optional(z.enum(['bulk', 'delta'])),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type RosterImport = z.infer<typeof rosterImport>;
export const rosterImportList = /* @__PURE__ */ schema(() => z.array(rosterImport));

// ---------- the district roster ----------
export const MAX_ROSTER_PAGE = 100;
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const rosterQuery = /* @__PURE__ */ schema(() =>
  z.object({
    /** A case-insensitive prefix of the first name, or of "First L". */
    search: optionalPreprocessed(blank, z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
    organizationId: optionalPreprocessed(blank, id),
    gradeLevel: optionalPreprocessed(blank, z.enum(gradeLevels, { error: 'Choose a grade level' })),
    limit: optionalPreprocessed(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : blank(v)),
      z.number({ error: 'Limit must be a whole number' }).check(
        z.int('Limit must be a whole number'),
        z.gte(1, `Limit must be between 1 and ${MAX_ROSTER_PAGE}`),
        z.lte(MAX_ROSTER_PAGE, `Limit must be between 1 and ${MAX_ROSTER_PAGE}`),
      ),
    ),
    cursor: optionalPreprocessed(blank, z.string().check(z.maxLength(2048, 'Invalid cursor'))),
  }),
);
export type RosterQuery = z.input<typeof rosterQuery>;

export const rosterEntry = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    firstName: z.string(),
    lastInitial: z.string(),
    gradeLevel: z.optional(z.enum(gradeLevels)),
    organizationId: z.optional(id),
    clientId: z.optional(id),
  }),
);
export type RosterEntry = z.infer<typeof rosterEntry>;
export const rosterPage = /* @__PURE__ */ schema(() => z.object({ items: z.array(rosterEntry), nextCursor: z.optional(z.string()) }));
export type RosterPage = z.infer<typeof rosterPage>;
