import type { Activity, ActivityKind, DashboardStats } from '@caseload/contract/caseload';
import { recentAudit, type AuditEvent } from '../audit.ts';
import { now } from '../clock.ts';
import { organizationScope, type AuthContext } from '../context.ts';
import { readDashboardCounts } from '../counters.ts';
import type { ClientItem } from '../items.ts';
import { findVisibleClients } from './access.ts';
import { getMyDashboardStats } from './my-dashboard.ts';

const DAY_MS = 86_400_000;
const RECENT_ACTIVITIES = 10;

/** Monday 00:00 UTC of the week holding `at`: the default when the SPA sends no local week start. */
export function mondayUtc(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const daysSinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/** completed ÷ due so far as a whole percent; null when nothing is due yet (0% would claim missed sessions). */
export function completionRate(completed: number, due: number): number | null {
  if (due <= 0) return null;
  return Math.min(100, Math.round((completed / due) * 100));
}

/**
 * The four stat cards and their trend captions. For everything the user may see ('all'), from
 * counters only: the number of DynamoDB requests depends on the user's organizations, never on the
 * caseload. For the user's own caseload ('me'), from bounded Queries of its assignments and the
 * sessions it provides (my-dashboard.ts).
 */
export async function getDashboardStats(auth: AuthContext, weekStart: string | undefined, assignedTo: 'me' | 'all' = 'all'): Promise<DashboardStats> {
  const at = now();
  const scope = organizationScope(auth);
  const start = weekStart ? new Date(weekStart) : mondayUtc(at);
  if (assignedTo === 'me') return getMyDashboardStats(auth, start, at, completionRate);
  const c = await readDashboardCounts(auth.accountId, scope ? [...scope] : undefined, start, at);
  return {
    totalClients: c.activeClients,
    weekSessions: c.weekSessions,
    activeGoals: c.activeGoals,
    goalsAtRisk: c.goalsAtRisk,
    completionRate: completionRate(c.completedSoFar, c.dueSoFar),
    trends: {
      clientsAddedThisMonth: c.clientsAddedThisMonth,
      lastWeekSessions: c.lastWeekSessions,
      sessionsDueThisWeek: c.remainingThisWeek,
      goalsMasteredThisMonth: c.goalsMasteredThisMonth,
    },
  };
}

/**
 * The newest audit events of a kind (work by default: sign-ins would crowd out what happened to
 * clients and records). Other users' events are administrative information: a user who cannot
 * manage users sees only its own, whatever scope it asks for.
 */
export async function listActivities(auth: AuthContext, scope: 'account' | 'mine', kind: ActivityKind = 'work'): Promise<Activity[]> {
  const onlyMine = scope === 'mine' || !auth.permissions.canManageUsers;
  const events = await recentAudit(auth.accountId, { limit: RECENT_ACTIVITIES, actorId: onlyMine ? auth.userId : undefined, kind });
  // Students are named as every screen names them, and only to a reader who may see them (one BatchGet).
  const about = [...new Set(events.flatMap((e) => (e.clientId ? [e.clientId] : [])))];
  const students = about.length ? await findVisibleClients(auth, about, { includeArchived: true }) : new Map<string, ClientItem>();
  const named = (e: AuditEvent) => {
    if (!e.clientId) return e.summary;
    const student = students.get(e.clientId);
    return `${e.summary} of ${student ? `${student.firstName} ${student.lastInitial}.` : 'a student'}`;
  };
  return events.map((e) => ({ id: e.id, at: e.at, action: e.action, summary: named(e), actorName: e.actorName ?? 'Someone' }));
}
