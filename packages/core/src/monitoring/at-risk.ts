/**
 * The students behind the dashboard's 'Goals at risk' (spec part 4 §7), in the same scope as its
 * count, so the card links to the goals it counts:
 * - "My caseload": the caseload partition and one BatchGet of its clients' counter items (as the
 *   dashboard reads them), the students with goals at risk among them;
 * - everything the user may see: the sparse index of clients with goals at risk (summary.ts), only
 *   of the user's organizations: its size follows the students at risk, never the district.
 * Then one BatchGet of those students, which also drops any the user may not see (archived ones
 * included), so a student the user may not see is never listed.
 */
import type { StudentGoalsAtRisk } from '@caseload/contract/caseload';
import { findVisibleClients } from '../caseload/access.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { readClientGoalsAtRisk } from '../counters.ts';
import { queryPartition } from '../db.ts';
import { keys } from '../keys.ts';
import { displayName } from '../notes/facts.ts';

/** The most students listed (the most goals at risk first): a screen's worth; the dashboard's count says how many goals there are. */
export const MAX_STUDENTS_AT_RISK = 200;

interface CaseloadEntry {
  id: string;
  organizationId?: string;
}

interface AtRiskItem {
  GSI2SK: string;
  goalsAtRisk: number;
  atRiskOrganization?: string;
}

async function countsInScope(auth: AuthContext, assignedTo: 'me' | 'all'): Promise<Map<string, number>> {
  if (assignedTo === 'me') {
    const entries = await queryPartition<CaseloadEntry>({ pk: keys.caseload(auth.accountId, auth.userId) });
    return readClientGoalsAtRisk(auth.accountId, entries.filter((e) => canSeeOrganization(auth, e.organizationId)).map((e) => e.id));
  }
  const items = await queryPartition<AtRiskItem>({ index: 'GSI2', pk: keys.goalsAtRiskByClient(auth.accountId) });
  return new Map(items.filter((i) => i.goalsAtRisk > 0 && canSeeOrganization(auth, i.atRiskOrganization)).map((i) => [i.GSI2SK, i.goalsAtRisk]));
}

export async function listGoalsAtRisk(auth: AuthContext, assignedTo: 'me' | 'all'): Promise<StudentGoalsAtRisk[]> {
  const counts = [...(await countsInScope(auth, assignedTo))].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_STUDENTS_AT_RISK);
  if (!counts.length) return [];
  const students = await findVisibleClients(auth, counts.map(([id]) => id));
  return counts
    .flatMap(([clientId, goalsAtRisk]) => {
      const student = students.get(clientId);
      return student ? [{ clientId, clientName: displayName(student), goalsAtRisk }] : [];
    })
    .sort((a, b) => b.goalsAtRisk - a.goalsAtRisk || a.clientName.localeCompare(b.clientName));
}
