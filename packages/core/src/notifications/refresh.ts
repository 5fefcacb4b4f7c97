/**
 * Keeps the stored notifications true (part 4 §8): a user's notifications of the computed kinds
 * are compared with what the facts say now (facts.ts); missing ones are written, resolved ones
 * deleted, read marks kept. The daily job (job.ts) does it for everyone; the changes that cause or
 * resolve a reminder do it for the few users and kinds they touch: an IEP saved (its student's
 * IEP dates and minutes, for the student's clinicians), a co-signature (the signer's supervisors),
 * a job finished (notifyJobDone).
 */
import type { NotificationKind } from '@caseload/contract/notifications';
import { getUser, type UserItem } from '../auth/users-repo.ts';
import { findVisibleClients } from '../caseload/access.ts';
import { cliniciansOf } from '../caseload/client-view.ts';
import { now, nowIso } from '../clock.ts';
import type { ClientItem } from '../items.ts';
import { keys } from '../keys.ts';
import { clientMinutesRow } from '../minutes/service.ts';
import { getItem } from '../db/get-item.ts';
import { localDate } from '../school-calendar/dates.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { cosignFacts, rowFacts, userAuth } from './facts.ts';
import { deleteNotification, listUserNotifications, notificationIdOf, upsertNotification, type NotificationFacts, type NotificationItem } from './repo.ts';

const sameFacts = (a: NotificationFacts, b: NotificationFacts) => a.date === b.date && a.count === b.count && a.sessionId === b.sessionId;

/**
 * Makes the user's stored notifications inside `scope` match `facts` (which lie inside it):
 * writes what is new or changed, deletes what the facts no longer hold.
 */
export async function reconcile(user: Pick<UserItem, 'accountId' | 'id'>, facts: NotificationFacts[], scope: (n: NotificationItem) => boolean, stored?: NotificationItem[]): Promise<{ added: number; removed: number }> {
  const have = new Map((stored ?? (await listUserNotifications(user.accountId, user.id))).filter(scope).map((n) => [n.id, n]));
  const at = nowIso();
  let added = 0;
  let removed = 0;
  for (const fact of facts) {
    const id = notificationIdOf(fact);
    const existing = have.get(id);
    have.delete(id);
    if (existing && sameFacts(existing, fact)) continue;
    if (!existing) added++;
    await upsertNotification(user.accountId, user.id, fact, at);
  }
  for (const gone of have.values()) {
    await deleteNotification(user.accountId, user.id, gone.id);
    removed++;
  }
  return { added, removed };
}

const ofKinds = (kinds: readonly NotificationKind[]) => (n: NotificationItem) => kinds.includes(n.kind);

/**
 * After a student's IEPs change: its IEP-review, re-evaluation and minutes reminders, for each of
 * its clinicians who may see it (a clinician who may not loses any it had). One Query of the
 * student's minutes partition per clinician, as the minutes list reads it.
 */
export async function refreshStudentReminders(accountId: string, clientId: string): Promise<void> {
  const client = await getItem<ClientItem>(keys.client(accountId, clientId));
  if (!client) return;
  const timeZone = await accountTimeZone(accountId);
  const today = localDate(now(), timeZone);
  const kinds: NotificationKind[] = ['iep_review_due', 'evaluation_due', 'minutes_behind'];
  const scope = (n: NotificationItem) => n.subjectId === clientId && kinds.includes(n.kind);
  for (const userId of cliniciansOf(client)) {
    const user = await getUser(accountId, userId);
    if (!user) continue;
    // The minutes list shows active students only; findVisibleClients leaves out archived ones and those outside the user's organizations.
    const visible = user.isActive && client.status === 'active' && (await findVisibleClients(userAuth(user), [clientId])).has(clientId);
    const facts = visible ? rowFacts(await clientMinutesRow(accountId, client), today) : [];
    await reconcile(user, facts, scope);
  }
}

/** After a co-signature: the co-signature reminders of the signing assistant's supervisors. */
export async function refreshCosignReminders(accountId: string, signerId: string): Promise<void> {
  const signer = await getUser(accountId, signerId);
  const timeZone = await accountTimeZone(accountId);
  const today = localDate(now(), timeZone);
  for (const supervisorId of signer?.supervisorIds ?? []) {
    const user = await getUser(accountId, supervisorId);
    if (!user) continue;
    await reconcile(user, await cosignFacts(userAuth(user), timeZone, today), ofKinds(['cosign_waiting']));
  }
}

/** An import or export finished: a notification for who started it, linking where its result is. */
export async function notifyJobDone(accountId: string, userId: string, jobId: string, job: { label: string; link: string }): Promise<void> {
  await upsertNotification(accountId, userId, { kind: 'job_done', subjectId: jobId, job }, nowIso());
}
