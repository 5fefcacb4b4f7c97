/**
 * "Missing notes: N" (part 3 §6): for the current reporting period, the active clients of the
 * caller's scope (the notes page's `assignedTo`) with at least one active goal and no progress
 * note sharing a day with the period. Bulk generation skips exactly the clients this leaves out,
 * so generating "the missing ones" leaves none missing.
 */
import type { MissingNotes } from '@caseload/contract/notes';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import { goalsOfClient } from '../goals/repo.ts';
import type { CaseloadEntryItem, GoalItem } from '../items.ts';
import { acct, keys, sortKeys } from '../keys.ts';
import { currentReportingPeriod } from '../reporting-periods/service.ts';
import { notesOverlapping, readNotePeriods, readNotePeriodsOf, type NotePeriods } from './note-periods.ts';
import { listAccountClients } from './visible-clients.ts';
import { inPool } from '../concurrency.ts';

/** Client partitions read at once for "my caseload". */
const CASELOAD_READS = 8;

type Candidate = Pick<CaseloadEntryItem, 'id' | 'firstName' | 'lastInitial'>;

export async function listMissingNotes(auth: AuthContext, assignedTo: 'me' | 'all' = 'all'): Promise<MissingNotes> {
  const period = await currentReportingPeriod(auth.accountId);
  if (!period) return { period: null, clients: [] };
  const missing: Candidate[] = [];
  const isMissing = (set: NotePeriods) => notesOverlapping(set, period).length === 0;
  if (assignedTo === 'me') {
    const entries = (await queryPartition<CaseloadEntryItem>({ pk: keys.caseload(auth.accountId, auth.userId), consistent: true })).filter(
      (c) => c.status === 'active' && canSeeOrganization(auth, c.organizationId),
    );
    const found = await inPool(
      entries,
      async (c) => {
        const [goals, set] = await Promise.all([goalsOfClient(auth.accountId, c.id), readNotePeriods(auth.accountId, c.id)]);
        return goals.some((g) => g.status === 'active') && isMissing(set) ? c : undefined;
      },
      CASELOAD_READS,
    );
    missing.push(...found.filter((c) => c !== undefined));
  } else {
    const [clients, goals] = await Promise.all([listAccountClients(auth.accountId), queryPartition<GoalItem>({ pk: acct(auth.accountId), skPrefix: sortKeys.goals() })]);
    const withActiveGoals = new Set(goals.filter((g) => g.status === 'active').map((g) => g.clientId));
    const candidates = clients.filter((c) => !c.archivedAt && c.status === 'active' && canSeeOrganization(auth, c.organizationId) && withActiveGoals.has(c.id));
    const sets = await readNotePeriodsOf(auth.accountId, candidates.map((c) => c.id));
    missing.push(...candidates.filter((c) => isMissing(sets.get(c.id)!)));
  }
  const clients = missing
    .map((c) => ({ id: c.id, firstName: c.firstName, lastInitial: c.lastInitial }))
    .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.lastInitial.localeCompare(b.lastInitial) || a.id.localeCompare(b.id));
  return { period, clients };
}
