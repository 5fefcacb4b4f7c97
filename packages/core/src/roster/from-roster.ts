/**
 * "From the district roster" (part 4 §3): a client made from a roster entry takes the entry's
 * first name, last initial, grade and school (the file is the truth for those), and the entry is
 * linked to it in the client's own transaction (sync.ts linkEntry: one client per entry).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ROSTER_ENTRY_TAKEN } from '@caseload/contract/roster';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { db, type TxItem } from '../db.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';
import { linkEntry, type RosterEntryItem } from './entries.ts';

export async function fromRosterEntry(auth: AuthContext, entryId: string) {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.rosterEntry(auth.accountId, entryId), ConsistentRead: true }));
  const entry = res.Item as RosterEntryItem | undefined;
  // An archived entry, or one of a school outside the user's organizations, is absent.
  if (!entry || entry.status !== 'active' || !canSeeOrganization(auth, entry.organizationId)) throw new NotFoundError('Roster entry');
  if (entry.clientId) throw new ConflictError(ROSTER_ENTRY_TAKEN);
  return {
    fields: { firstName: entry.firstName, lastInitial: entry.lastInitial, gradeLevel: entry.gradeLevel, organizationId: entry.organizationId },
    link: (clientId: string, at: string): TxItem => linkEntry(auth.accountId, entryId, clientId, at),
  };
}
