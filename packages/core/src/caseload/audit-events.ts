import { recordAudit } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import { actorName } from '../people/actor-name.ts';

/**
 * Records who changed which kind of record, and when. The summary is fixed text chosen by the
 * caller: never a name, a diagnosis or any other content of the record.
 */
export function auditChange(
  auth: AuthContext,
  action: string,
  entity: { type: string; id: string },
  summary: string,
  ids: { addedIds?: string[]; removedIds?: string[] } = {},
) {
  return recordAudit(auth.accountId, {
    ...ids,
    action,
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: entity.type,
    entityId: entity.id,
    summary,
  });
}
