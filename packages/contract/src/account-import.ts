/**
 * Import of a whole export into a district with no students yet (part 4 §5): the owner creates the
 * import (its upload URL), sends the zip there, applies it; the page polls its state.
 */
import * as z from 'zod/mini';
import { passwordSchema } from './auth.ts';
import { id, schema } from './common.ts';
import { ROSTER_UPLOAD_MINUTES } from './roster.ts';

export const IMPORT_EMPTY_DISTRICT_ONLY = 'Import into an empty district only';
export const IMPORT_OWNER_ONLY = "Only the district's owner can import a district";
export const IMPORT_NOT_UPLOADED = "This import's zip has not been uploaded yet";
export const IMPORT_ALREADY_APPLIED = 'This import has already been applied';
export const NOT_AWAITING_PASSWORD = 'Only a user imported with the district and waiting for a password can have it set here';
export const IMPORT_TOO_LARGE = 'The zip is larger than 2 GB';
/** How long the upload link works (the roster zips' presigned PUT, whose storage the import shares). */
export const IMPORT_UPLOAD_MINUTES = ROSTER_UPLOAD_MINUTES;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024 * 1024;
/** The local server's stand-in for the presigned S3 PUT (as the roster import's). */
export const LOCAL_IMPORT_UPLOAD_PREFIX = '/api/account-import-uploads/';
export const localImportUploadPath = (accountId: string, importId: string, token: string) =>
  `${LOCAL_IMPORT_UPLOAD_PREFIX}${encodeURIComponent(accountId)}/${encodeURIComponent(importId)}?token=${encodeURIComponent(token)}`;

export const startAccountImportBody = /* @__PURE__ */ schema(() =>
  z.object({
    size: z.optional(z.number({ error: 'Size must be a number of bytes' }).check(z.int('Size must be a whole number of bytes'), z.gte(1, 'The file is empty'))),
  }),
);
export const accountImportStarted = /* @__PURE__ */ schema(() => z.object({ importId: id, uploadUrl: z.string() }));
export type AccountImportStarted = z.infer<typeof accountImportStarted>;
export const accountImportParams = /* @__PURE__ */ schema(() => z.object({ id }));

export const accountImportStatuses = ['uploading', 'applying', 'done', 'failed'] as const;
export type AccountImportStatus = (typeof accountImportStatuses)[number];

export const accountImport = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    status: z.enum(accountImportStatuses),
    /** Share done, 0–1. */
    progress: z.number(),
    /** Records recreated per file (`clients`, `sessions`…). */
    counts: z.record(z.string(), z.number()),
    /** Why it failed, in plain words. */
    errors: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type AccountImport = z.infer<typeof accountImport>;

/** PUT /api/users/{id}/password: the owner sets an imported user's password, which activates the user. */
export const setUserPasswordBody = /* @__PURE__ */ schema(() => z.object({ password: passwordSchema }));
export type SetUserPasswordInput = z.infer<typeof setUserPasswordBody>;
