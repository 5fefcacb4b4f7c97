/**
 * The weekly digest (part 4 §8): on Mondays at 6:00 in the district's time zone, each user who
 * opted in gets one e-mail of counts and links, never a student's name: what the bell holds for
 * that user, counted by kind, as listNotifications shows it (only students the user may see). The
 * job runs every hour (scheduled-jobs.ts) and mails the districts whose Monday 6 o'clock it is; a
 * conditional write of the week on the user's preferences makes a repeated run mail no one twice.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import type { NotificationKind } from '@caseload/contract/notifications';
import { listUsers, type UserItem } from '../auth/users-repo.ts';
import { db, queryPartition, isConditionFailure } from '../db.ts';
import { keys } from '../keys.ts';
import { canSendMail, sendMail } from '../mail/mailer.ts';
import { everyAccount } from '../scheduled-jobs/accounts.ts';
import type { JobBudget, JobResult } from '../scheduled-jobs/types.ts';
import { isoWeekday, localDate } from '../school-calendar/dates.ts';
import { tableName } from '../table.ts';
import { userAuth } from './facts.ts';
import type { UserPreferencesItem } from './repo.ts';
import { listNotifications } from './service.ts';

/** The digest's hour on Mondays, in the district's zone. */
export const DIGEST_HOUR = 6;

/** Each kind's line: what is counted and the screen that lists it. */
const lines: { kind: NotificationKind; label: string; path: string }[] = [
  { kind: 'iep_review_due', label: 'IEP reviews due within 30 days', path: '/minutes' },
  { kind: 'evaluation_due', label: 'Re-evaluations due within 60 days', path: '/minutes' },
  { kind: 'minutes_behind', label: 'Students behind on service minutes', path: '/minutes' },
  { kind: 'notes_missing', label: 'Progress notes missing (period ends within 14 days)', path: '/progress-notes' },
  { kind: 'cosign_waiting', label: 'Students with notes awaiting your co-signature', path: '/' },
  { kind: 'job_done', label: 'Imports and exports finished', path: '/' },
];

/** The app's address the links start with: APP_URL (the site's URL in the cloud; `npm start` sets its own). */
export const appUrl = () => (process.env.APP_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

/** The digest's text: counts and links only. */
export function digestText(counts: Map<NotificationKind, number>): { subject: string; text: string } {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const body = [
    'Your week in Caseload',
    '',
    ...lines.map((l) => `${l.label}: ${counts.get(l.kind) ?? 0}\n  ${appUrl()}${l.path}`),
    '',
    `All your notifications are under the bell: ${appUrl()}/`,
    '',
    `You get this e-mail because you turned on the weekly digest. Turn it off under Security: ${appUrl()}/security`,
  ].join('\n');
  return { subject: `Caseload weekly digest: ${total} ${total === 1 ? 'reminder' : 'reminders'}`, text: body };
}

/** Claims this week's digest of the user (false: already sent). */
async function claimWeek(accountId: string, userId: string, monday: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userPreferences(accountId, userId),
        UpdateExpression: 'SET lastDigestOn = :monday',
        ConditionExpression: 'weeklyDigest = :yes AND (attribute_not_exists(lastDigestOn) OR lastDigestOn <> :monday)',
        ExpressionAttributeValues: { ':monday': monday, ':yes': true },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

async function sendDigest(user: UserItem): Promise<void> {
  const counts = new Map<NotificationKind, number>();
  for (const n of await listNotifications(userAuth(user))) counts.set(n.kind, (counts.get(n.kind) ?? 0) + 1);
  await sendMail({ to: user.email, ...digestText(counts) });
}

/** Mails this Monday's digest to the district's users who opted in; answers how many were sent. */
export async function sendAccountDigests(accountId: string, monday: string): Promise<number> {
  const { PK, SKPrefix } = keys.userPreferencesPrefix(accountId);
  const [users, prefs] = await Promise.all([listUsers(accountId), queryPartition<UserPreferencesItem>({ pk: PK, skPrefix: SKPrefix, consistent: true })]);
  const optedIn = new Set(prefs.filter((p) => p.weeklyDigest).map((p) => p.userId));
  let sent = 0;
  for (const user of users) {
    if (!user.isActive || !optedIn.has(user.id)) continue;
    if (!(await claimWeek(accountId, user.id, monday))) continue;
    await sendDigest(user);
    sent++;
  }
  return sent;
}

/** Whether `at` is in the digest's hour of a Monday in `timeZone`. */
export function isDigestHour(at: Date, timeZone: string): boolean {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));
  return isoWeekday(localDate(at, timeZone)) === 1 && hour === DIGEST_HOUR;
}

export async function runWeeklyDigest(at: Date, budget: JobBudget): Promise<JobResult> {
  // A deployment without a sender (config mailFrom) sends no digest.
  if (!canSendMail()) return { done: true, summary: { districts: 0, sent: 0, unfinished: 0, noSender: 1 } };
  let districts = 0;
  let sent = 0;
  let unfinished = 0;
  for await (const account of everyAccount()) {
    const timeZone = account.timeZone ?? DEFAULT_TIME_ZONE;
    if (!isDigestHour(at, timeZone) || account.deletionScheduledFor !== undefined) continue;
    if (budget.exhausted()) {
      unfinished++;
      continue;
    }
    sent += await sendAccountDigests(account.id, localDate(at, timeZone));
    districts++;
  }
  return { done: unfinished === 0, summary: { districts, sent, unfinished } };
}
