/**
 * POST /api/roster-imports (part 4 §3): the import's item, and the URL the browser PUTs the zip to
 * (its own module: only this route and the preview touch the uploads' storage).
 */
import { randomBytes } from 'node:crypto';
import { MAX_ROSTER_BYTES, ROSTER_TOO_LARGE, ROSTER_UPLOAD_MINUTES, type RosterImportStarted } from '@caseload/contract/roster';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { PayloadTooLargeError } from '../errors.ts';
import { newId } from '../ids.ts';
import { jobExpiry, putNewJob } from '../jobs/job-item.ts';
import { entity, fileKeys, keys } from '../keys.ts';
import { assertRosterManager, importNotStarted, tokenHash, type RosterImportItem } from './job.ts';
import { rosterStorage } from './storage.ts';
import { actorName } from '../people/actor-name.ts';

/** POST /api/roster-imports: the import, and where the browser sends the zip. */
export async function startRosterImport(auth: AuthContext, input: { size?: number }): Promise<RosterImportStarted> {
  assertRosterManager(auth);
  if (input.size !== undefined && input.size > MAX_ROSTER_BYTES) throw new PayloadTooLargeError(ROSTER_TOO_LARGE);
  const at = nowIso();
  const token = randomBytes(32).toString('base64url');
  const item: RosterImportItem = {
    importId: newId(),
    accountId: auth.accountId,
    status: 'uploading',
    ...importNotStarted(),
    uploadTokenHash: tokenHash(token),
    uploadExpiresAt: new Date(Date.parse(at) + ROSTER_UPLOAD_MINUTES * 60_000).toISOString(),
    createdBy: auth.userId,
    createdByName: actorName(auth),
    role: auth.role,
    userType: auth.userType,
    createdAt: at,
    updatedAt: at,
    ttl: jobExpiry(at),
  };
  await putNewJob(keys.rosterImport(auth.accountId, item.importId), entity.rosterImport, item);
  const uploadUrl = await rosterStorage().uploadUrl(fileKeys.rosterUpload(auth.accountId, item.importId), { accountId: auth.accountId, importId: item.importId, token }, input.size);
  return { importId: item.importId, uploadUrl };
}

