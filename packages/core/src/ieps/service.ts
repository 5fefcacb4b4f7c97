/**
 * IEP records of a client: list (anyone who may see the client, archived ones included, as
 * history), create, edit (ending one is an edit to status `ended`) and delete (canEditClients, live
 * clients only, like every other client write).
 *
 * Rule: two active IEPs of one client may not overlap (dates both included). It is decided on the
 * whole set read consistently and written under the set's version, so of two racing writes that
 * would break it exactly one commits; the other is retried from the read and then refused.
 */
import type * as z from 'zod/mini';
import { OVERLAPPING_IEP, type Iep, type iepBody } from '@caseload/contract/school-year';
import { getVisibleClient } from '../caseload/access.ts';
import { auditChange } from '../caseload/audit-events.ts';
import { now, nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { IepRecord, IepSetItem } from '../items.ts';
import { refreshStudentReminders } from '../notifications/refresh.ts';
import { localDate } from '../school-calendar/dates.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { refreshGoalsAtRisk } from '../monitoring/summary.ts';
import { clientOfIep, readIepSet, writeIepSet } from './repo.ts';

type IepInput = z.output<typeof iepBody>;

export function toIep(r: IepRecord): Iep {
  return {
    id: r.id,
    clientId: r.clientId,
    startDate: r.startDate,
    endDate: r.endDate,
    ...(r.nextReviewDate ? { nextReviewDate: r.nextReviewDate } : {}),
    ...(r.nextEvaluationDate ? { nextEvaluationDate: r.nextEvaluationDate } : {}),
    status: r.status,
    serviceMinutes: r.serviceMinutes,
    servicePer: r.servicePer,
    serviceType: r.serviceType,
    ...(r.endedOn ? { endedOn: r.endedOn } : {}),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** Newest first: the current IEP on top, then the history. */
const byStartDescending = (a: IepRecord, b: IepRecord) => b.startDate.localeCompare(a.startDate) || b.createdAt.localeCompare(a.createdAt);

/** Whether two date ranges share a day (both ends included). */
const overlaps = (a: Pick<IepRecord, 'startDate' | 'endDate'>, b: Pick<IepRecord, 'startDate' | 'endDate'>) => a.startDate <= b.endDate && b.startDate <= a.endDate;

function refuseOverlap(ieps: Record<string, IepRecord>, changed: IepRecord) {
  if (changed.status !== 'active') return;
  const clash = Object.values(ieps).some((other) => other.id !== changed.id && other.status === 'active' && overlaps(other, changed));
  if (clash) throw new ConflictError(OVERLAPPING_IEP);
}

/**
 * The stored fields of a body. An ended IEP carries `endedOn`: the one sent, else the one it had,
 * else today in the account's zone (ending it is what sets it); any other status carries none.
 */
async function fields(auth: AuthContext, input: IepInput, before?: IepRecord) {
  const endedOn = input.status === 'ended' ? (input.endedOn ?? before?.endedOn ?? localDate(now(), await accountTimeZone(auth.accountId))) : undefined;
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    nextReviewDate: input.nextReviewDate,
    nextEvaluationDate: input.nextEvaluationDate,
    status: input.status,
    serviceMinutes: input.serviceMinutes,
    servicePer: input.servicePer,
    serviceType: input.serviceType,
    endedOn,
  };
}

export async function listIeps(auth: AuthContext, clientId: string): Promise<Iep[]> {
  await getVisibleClient(auth, clientId, { includeArchived: true });
  const set = await readIepSet(auth.accountId, clientId);
  return Object.values(set?.ieps ?? {}).sort(byStartDescending).map(toIep);
}

export async function createIep(auth: AuthContext, clientId: string, input: IepInput): Promise<Iep> {
  const id = newId();
  const created = await retryOnConflict(async () => {
    await getVisibleClient(auth, clientId);
    const before = await readIepSet(auth.accountId, clientId);
    const at = nowIso();
    const iep: IepRecord = { id, clientId, ...(await fields(auth, input)), createdAt: at, updatedAt: at, createdBy: auth.userId, updatedBy: auth.userId };
    refuseOverlap(before?.ieps ?? {}, iep);
    await writeIepSet(auth.accountId, clientId, before, { ...before?.ieps, [id]: iep }, { put: id });
    return iep;
  });
  await auditChange(auth, 'iep.created', { type: 'iep', id }, 'Added an IEP');
  await refreshStudentReminders(auth.accountId, clientId);
  // The IEP's end date is where a goal's aim line ends (part 4 §7).
  await refreshGoalsAtRisk(auth.accountId, clientId);
  return toIep(created);
}

/** The IEP's set for a write: its client must be visible and live, else the IEP is not found. */
async function iepForWrite(auth: AuthContext, iepId: string): Promise<{ set: IepSetItem; iep: IepRecord }> {
  const clientId = await clientOfIep(auth.accountId, iepId);
  if (!clientId) throw new NotFoundError('IEP');
  try {
    await getVisibleClient(auth, clientId);
  } catch (e) {
    if (e instanceof NotFoundError) throw new NotFoundError('IEP');
    throw e;
  }
  const set = await readIepSet(auth.accountId, clientId);
  const iep = set?.ieps[iepId];
  if (!set || !iep) throw new NotFoundError('IEP');
  return { set, iep };
}

export async function updateIep(auth: AuthContext, iepId: string, input: IepInput): Promise<Iep> {
  const updated = await retryOnConflict(async () => {
    const { set, iep } = await iepForWrite(auth, iepId);
    const after: IepRecord = { ...iep, ...(await fields(auth, input, iep)), updatedAt: nowIso(), updatedBy: auth.userId };
    refuseOverlap(set.ieps, after);
    await writeIepSet(auth.accountId, iep.clientId, set, { ...set.ieps, [iepId]: after }, undefined);
    return after;
  });
  await auditChange(auth, 'iep.updated', { type: 'iep', id: iepId }, updated.status === 'ended' ? 'Ended an IEP' : 'Updated an IEP');
  await refreshStudentReminders(auth.accountId, updated.clientId);
  await refreshGoalsAtRisk(auth.accountId, updated.clientId);
  return toIep(updated);
}

export async function deleteIep(auth: AuthContext, iepId: string): Promise<void> {
  const clientId = await retryOnConflict(async () => {
    const { set, iep } = await iepForWrite(auth, iepId);
    const rest = Object.fromEntries(Object.entries(set.ieps).filter(([id]) => id !== iepId));
    await writeIepSet(auth.accountId, iep.clientId, set, rest, { delete: iepId });
    return iep.clientId;
  });
  await auditChange(auth, 'iep.deleted', { type: 'iep', id: iepId }, 'Deleted an IEP');
  await refreshStudentReminders(auth.accountId, clientId);
  await refreshGoalsAtRisk(auth.accountId, clientId);
}
