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
        type: entity.audit,
        id,
        at,
        ...event,
        ttl: Math.floor(Date.parse(at) / 1000) + RETENTION_SECONDS,
      },
    }),
  );
}

/** The newest audit events of an account, optionally only one actor's. */
export async function recentAudit(accountId: string, opts: { limit: number; actorId?: string }) {
  return queryPartition<AuditEvent>({
    pk: keys.auditPartition(accountId),
    forward: false,
    limit: opts.actorId ? opts.limit * 5 : opts.limit,
    filter: opts.actorId
      ? { FilterExpression: 'actorId = :actor', ExpressionAttributeValues: { ':actor': opts.actorId } }
      : undefined,
  }).then((items) => items.slice(0, opts.limit));
}
