/**
 * The caller's notifications (GET /api/notifications) and read marks (POST /api/notifications/read).
 * The words are composed here, when read, from the stored facts and the student as the caller may
 * see it now: a student the caller may no longer see (another organization, archived) is left out
 * even before the daily job removes the item, and a renamed student reads under the new name.
 */
import type { Notification, NotificationKind, UserPreferences } from '@caseload/contract/notifications';
import { findVisibleClients } from '../caseload/access.ts';
import type { AuthContext } from '../context.ts';
import type { ClientItem } from '../items.ts';
import { keys } from '../keys.ts';
import { getItem } from '../db/get-item.ts';
import { listUserNotifications, markNotificationRead, putUserPreferences, type NotificationItem, type UserPreferencesItem } from './repo.ts';
import { nowIso } from '../clock.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** `2026-12-20` → `Dec 20, 2026` (a calendar date, read as such). */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

const studentName = (c: Pick<ClientItem, 'firstName' | 'lastInitial'>) => `${c.firstName} ${c.lastInitial}.`;

/** Where each kind leads in the app. */
export function linkOf(n: NotificationItem): string {
  if (n.kind === 'job_done') return n.job?.link ?? '/';
  if (n.kind === 'cosign_waiting' && n.sessionId) return `/sessions/${n.sessionId}`;
  return `/clients/${n.clientId}`;
}

const textOf: Record<NotificationKind, (n: NotificationItem, name: string) => string> = {
  iep_review_due: (n, name) => `IEP review for ${name} due ${formatDay(n.date!)}`,
  evaluation_due: (n, name) => `Re-evaluation for ${name} due ${formatDay(n.date!)}`,
  minutes_behind: (_n, name) => `${name} is behind on service minutes`,
  notes_missing: (n, name) => `Progress note missing for ${name}: the reporting period ends ${formatDay(n.date!)}`,
  cosign_waiting: (n, name) => `${n.count === 1 ? '1 note' : `${n.count} notes`} of ${name} ${n.count === 1 ? 'awaits' : 'await'} your co-signature`,
  job_done: (n) => `${n.job?.label ?? 'Your job'} finished`,
};

/** Unread first, then newest first. */
const order = (a: Notification, b: Notification) => Number(a.read) - Number(b.read) || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);

export async function listNotifications(auth: AuthContext): Promise<Notification[]> {
  const items = await listUserNotifications(auth.accountId, auth.userId);
  const clientIds = [...new Set(items.flatMap((n) => (n.clientId ? [n.clientId] : [])))];
  const students = clientIds.length ? await findVisibleClients(auth, clientIds) : new Map<string, ClientItem>();
  return items
    .flatMap((n) => {
      const student = n.clientId ? students.get(n.clientId) : undefined;
      if (n.clientId && !student) return [];
      return [{ id: n.id, kind: n.kind, text: textOf[n.kind](n, student ? studentName(student) : ''), link: linkOf(n), createdAt: n.createdAt, read: n.read }];
    })
    .sort(order);
}

/** Marks the caller's own notifications of `ids` read; the key holds the caller's id, so another user's id changes nothing. */
export async function markNotificationsRead(auth: AuthContext, ids: string[]): Promise<{ ok: true }> {
  for (const id of new Set(ids)) await markNotificationRead(auth.accountId, auth.userId, id);
  return { ok: true };
}

export async function getUserPreferences(auth: AuthContext): Promise<UserPreferences> {
  const item = await getItem<UserPreferencesItem>(keys.userPreferences(auth.accountId, auth.userId));
  return { weeklyDigest: item?.weeklyDigest ?? false };
}

export async function saveUserPreferences(auth: AuthContext, prefs: UserPreferences): Promise<UserPreferences> {
  await putUserPreferences(auth.accountId, auth.userId, prefs, nowIso());
  return { weeklyDigest: prefs.weeklyDigest };
}
