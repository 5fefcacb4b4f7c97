/**
 * Progress data points for reports: by period, for one client or the whole account, only of
 * clients the user may see. Rows of deleted goals are included: the attempts were still recorded.
 * Rows scored live answer their totals (independent correct, trials and correct trials per cue
 * level), not the trials. Rows of sessions the student did not attend are left out (goals/attended.ts).
 */
import type * as z from 'zod/mini';
import type { ProgressPoint, progressQuery } from '@caseload/contract/sessions';
import { getVisibleClient } from '../caseload/access.ts';
import { now } from '../clock.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import type { ProgressItem } from '../items.ts';
import { attendedRows } from './attended.ts';
import { keys, sortKeys } from '../keys.ts';
import { toProgressPoint } from '../sessions/documentation.ts';
import { resolveRange } from '../list-range.ts';

/** Points recorded in [from, to) (default: see range.ts), oldest first. */
export async function listProgress(auth: AuthContext, query: z.output<typeof progressQuery>): Promise<ProgressPoint[]> {
  const { from, to } = resolveRange(query, now());
  let rows: ProgressItem[];
  if (query.clientId) {
    await getVisibleClient(auth, query.clientId, { includeArchived: true });
    rows = await queryPartition<ProgressItem>({ index: 'GSI1', pk: keys.clientChildren(auth.accountId, query.clientId), skBetween: sortKeys.progressBetween(from, to) });
  } else {
    rows = await queryPartition<ProgressItem>({ index: 'GSI2', pk: keys.progressByTime(auth.accountId), skBetween: [from, to] });
  }
  // Each row carries its client's organization (kept current when a client moves). A period's list
  // answers what trials add up to, never the trials (up to 500 a row, which an account-wide period
  // would multiply): a session's own progress answers them.
  const visible = rows.filter((r) => canSeeOrganization(auth, r.organizationId));
  return (await attendedRows(auth.accountId, visible)).map((r) => toProgressPoint({ ...r, trials: undefined }));
}
