/** The owner's read of what the retention job purged in the district (GET /api/account/purge-reports), newest first. */
import type { PurgeReport } from '@caseload/contract/account-lifecycle';
import type { AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import { keys } from '../keys.ts';

export async function listPurgeReports(auth: AuthContext): Promise<{ reports: PurgeReport[] }> {
  const { PK, SKPrefix } = keys.purgeReportPrefix(auth.accountId);
  const items = await queryPartition<PurgeReport>({ pk: PK, skPrefix: SKPrefix, forward: false, consistent: true });
  return { reports: items.map(({ id, ranAt, retentionYears, lastServiceOnOrBefore, clientIds, counts }) => ({ id, ranAt, retentionYears, lastServiceOnOrBefore, clientIds, counts })) };
}
