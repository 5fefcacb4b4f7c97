import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from './clock.ts';
import { db, queryPartition } from './db.ts';
import { newId } from './ids.ts';
import { entity, keys } from './keys.ts';
import { tableName } from './table.ts';

/** Audit events are kept for six years (HIPAA's retention for documentation). */
const RETENTION_SECONDS = 6 * 365 * 24 * 3600;

export interface AuditEvent {
  id: string;
  at: string;
  action: string;
  actorId?: string;
  actorName?: string;
  entityType?: string;
  entityId?: string;
  ip?: string;
  /** A short, content-free description: who did what to which kind of record, never the record. */
  summary: string;
  /** Ids a change added to or removed from the record (e.g. a client's clinicians): ids only, never names. */
  addedIds?: string[];
  removedIds?: string[];
}

export async function recordAudit(
  accountId: string,
  event: Omit<AuditEvent, 'id' | 'at'>,
): Promise<void> {
  const at = nowIso();
  const id = newId();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.audit(accountId, at, id),
        ...(event.actorId ? keys.auditByActor(accountId, event.actorId, at, id) : {}),
        type: entity.audit,
        id,
        at,
        ...event,
        ttl: Math.floor(Date.parse(at) / 1000) + RETENTION_SECONDS,
      },
    }),
  );
}

/**
 * The newest audit events of an account, or of one actor: each is one Query by key (the actor's
 * on GSI1), so a busy district never crowds a user's own events out of the answer.
 */
export async function recentAudit(accountId: string, opts: { limit: number; actorId?: string }) {
  return queryPartition<AuditEvent>(
    opts.actorId
      ? { index: 'GSI1', pk: keys.auditOfActor(accountId, opts.actorId), forward: false, limit: opts.limit }
      : { pk: keys.auditPartition(accountId), forward: false, limit: opts.limit },
  );
}
