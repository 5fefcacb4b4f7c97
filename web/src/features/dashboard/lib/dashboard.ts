import { addDays, startOfDay, startOfWeek } from 'date-fns';
import type { DashboardStats } from '@caseload/contract/caseload';
import type { Session } from '@caseload/contract/sessions';
import { inZone } from '../../../lib/account-time-zone.ts';

/** Monday 00:00 of this week in the account's zone, as a UTC instant: "this week" is the school's week, like the calendar's. */
export const accountWeekStart = (now: Date, timeZone: string) => new Date(startOfWeek(inZone(now, timeZone), { weekStartsOn: 1 }).getTime()).toISOString();

/** Today in the account's zone: its midnight to the next midnight there, as UTC instants. */
export function todayRange(now: Date, timeZone: string): { from: string; to: string } {
  const start = startOfDay(inZone(now, timeZone));
  const utc = (date: Date) => new Date(date.getTime()).toISOString();
  return { from: utc(start), to: utc(addDays(start, 1)) };
}

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** The stat cards' captions, from the server's trend numbers (the spec's were fixed text). */
export function trendCaptions(trends: DashboardStats['trends'] | undefined, weekSessions: number, completionRate: number | null = null) {
  const t = trends ?? { clientsAddedThisMonth: 0, lastWeekSessions: 0, sessionsDueThisWeek: 0, goalsMasteredThisMonth: 0 };
  const change = weekSessions - t.lastWeekSessions;
  return {
    // The card counts active clients; the clients added this month are of any status, and the caption says both.
    totalClients: `Active · ${t.clientsAddedThisMonth} added this month (any status)`,
    weekSessions: change === 0 ? 'Same as last week' : `${signed(change)} vs last week`,
    activeGoals: `${t.goalsMasteredThisMonth} ${t.goalsMasteredThisMonth === 1 ? 'goal' : 'goals'} mastered this month`,
    // The rate is completed of the sessions due so far; the count beside it is the week's sessions still to come.
    completionRate:
      completionRate === null
        ? `No sessions due yet · ${t.sessionsDueThisWeek} to come this week`
        : `Of sessions due so far · ${t.sessionsDueThisWeek} to come this week`,
  };
}

/** Today's sessions in time order, at most three. */
export const TODAY_LIMIT = 3;
export function todaysSessions(sessions: readonly Session[]): Session[] {
  return [...sessions].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt)).slice(0, TODAY_LIMIT);
}

/**
 * Every student of the session the user may see ('Emma S., Leo P.') and the first one's initials
 * ('ES'), or 'Client' when the session has no client to name.
 */
export function sessionClient(session: Session): { name: string; initials: string } {
  const first = session.client ?? session.participants[0];
  if (!first) return { name: 'Client', initials: 'C' };
  const students = session.participants.length ? session.participants : [first];
  return { name: students.map((c) => `${c.firstName} ${c.lastInitial}.`).join(', '), initials: `${first.firstName.charAt(0)}${first.lastInitial}`.toUpperCase() };
}

export const humanize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
