/**
 * The dashboard for "My caseload": the same cards as the account's, counted over the clients
 * assigned to the user and the sessions the user provides, as the user may see them.
 *
 * Requests: one Query of the user's caseload partition (≤ ~70 assignment items, one page), one
 * Query of the provider index over last week and this week (≤ ~200 sessions), then one BatchGet of
 * the assigned clients' own goal counters (counters.ts; one per 100 clients): four with the login
 * session, whatever the caseload's size up to 100 students (a page of the caseload Query holds
 * about a thousand entries, so the Queries stay one page each far beyond that).
 */
import type { DashboardStats } from '@caseload/contract/caseload';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { readClientGoalCounts } from '../counters.ts';
import { queryPartition } from '../db.ts';
import type { SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import { queryProviderSessions } from '../sessions/repo.ts';
import { visibleParticipants } from '../sessions/view.ts';

const WEEK_MS = 7 * 86_400_000;

interface CaseloadEntry {
  id: string;
  organizationId?: string;
  status: string;
  createdAt: string;
}

export interface MyWeek {
  weekSessions: number;
  lastWeekSessions: number;
  dueSoFar: number;
  completedSoFar: number;
  remainingThisWeek: number;
}

/**
 * Counts as the account counters do (canceled sessions are not counted; due = scheduled at or
 * before now), over the sessions with a participant the user may see.
 */
export function countWeek(auth: AuthContext, sessions: SessionItem[], weekStart: Date, now: Date): MyWeek {
  const start = weekStart.getTime();
  const out: MyWeek = { weekSessions: 0, lastWeekSessions: 0, dueSoFar: 0, completedSoFar: 0, remainingThisWeek: 0 };
  for (const s of sessions) {
    if (visibleParticipants(auth, s).length === 0) continue;
    const at = Date.parse(s.scheduledAt);
    if (at < start) {
      if (s.status !== 'canceled') out.lastWeekSessions += 1;
      continue;
    }
    if (s.status === 'canceled') continue;
    out.weekSessions += 1;
    if (at <= now.getTime()) {
      out.dueSoFar += 1;
      if (s.status === 'completed') out.completedSoFar += 1;
    } else out.remainingThisWeek += 1;
  }
  return out;
}

export async function getMyDashboardStats(auth: AuthContext, weekStart: Date, now: Date, completionRate: (done: number, due: number) => number | null): Promise<DashboardStats> {
  const lastWeekStart = new Date(weekStart.getTime() - WEEK_MS).toISOString();
  const weekEnd = new Date(weekStart.getTime() + WEEK_MS).toISOString();
  const [entries, sessions] = await Promise.all([
    queryPartition<CaseloadEntry>({ pk: keys.caseload(auth.accountId, auth.userId) }),
    queryProviderSessions(auth.accountId, auth.userId, lastWeekStart, weekEnd),
  ]);
  // Assignment items copy the client's organization, so organization limits apply without a read.
  const mine = entries.filter((e) => canSeeOrganization(auth, e.organizationId));
  const goals = await readClientGoalCounts(auth.accountId, mine.map((e) => e.id), now);
  const month = now.toISOString().slice(0, 7);
  const week = countWeek(auth, sessions, weekStart, now);
  return {
    totalClients: mine.filter((e) => e.status === 'active').length,
    weekSessions: week.weekSessions,
    activeGoals: goals.activeGoals,
    goalsAtRisk: goals.goalsAtRisk,
    completionRate: completionRate(week.completedSoFar, week.dueSoFar),
    trends: {
      clientsAddedThisMonth: mine.filter((e) => e.createdAt.startsWith(month)).length,
      lastWeekSessions: week.lastWeekSessions,
      sessionsDueThisWeek: week.remainingThisWeek,
      goalsMasteredThisMonth: goals.goalsMasteredThisMonth,
    },
  };
}
