/**
 * The district roster's entries (part 4 §3) as stored, without the import's parsing code: the
 * client routes that link an entry import only this.
 */
import type { GradeLevel } from '@caseload/contract/enums';
import type { TxItem } from '../db.ts';
import { entity, keys, rosterNameSortKey } from '../keys.ts';

/** A student of the district roster, as stored: four fields of the file and its link to a client. */
export interface RosterEntryItem {
  id: string;
  accountId: string;
  /** The SIS sourcedId: how the next import finds the entry; never shown. */
  externalId: string;
  firstName: string;
  lastInitial: string;
  gradeLevel?: GradeLevel;
  organizationId?: string;
  status: 'active' | 'inactive';
  clientId?: string;
  createdAt: string;
  updatedAt: string;
}

/** The stored item of an entry: its index keys only while it is active (an archived entry leaves the roster's lists). */
export function rosterEntryRecord(stored: RosterEntryItem) {
  // An item read back carries its old keys: an entry's keys come only from its fields here.
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, type: _type, ...fields } = stored as RosterEntryItem & Record<string, unknown>;
  const e = fields as unknown as RosterEntryItem;
  const live = e.status === 'active' ? keys.rosterEntryByName(e.accountId, e.organizationId, rosterNameSortKey(e.firstName, e.lastInitial, e.id)) : {};
  return { ...keys.rosterEntry(e.accountId, e.id), ...live, type: entity.rosterEntry, ...e };
}

/** Links an active, unlinked entry to its new client (a condition: one client per entry, whoever comes first). */
export function linkEntry(accountId: string, entryId: string, clientId: string, at: string): TxItem {
  return {
    Update: {
      Key: keys.rosterEntry(accountId, entryId),
      UpdateExpression: 'SET clientId = :client, updatedAt = :at',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(clientId) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':client': clientId, ':at': at, ':active': 'active' },
    },
  };
}

