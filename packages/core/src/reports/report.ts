/**
 * The Reports page's numbers, computed from stored data for the caller's visible clients over the
 * last 7, 14, 30 or 90 days (rolling, ending now).
 *
 * - Sessions: those scheduled in the period with at least one reported client; completed =
 *   status completed.
 * - Goals: activeGoals counts goals active now; masteredGoals counts goals mastered (or 'met')
 *   with a masteredDate inside the period.
 * - successRate, each client's progressRate and each goal's successRate: the criterion's accuracy
 *   (part 4 §1.6, contract figures.ts: correct trials at or below each row's goal's criterionMaxCue
 *   ÷ all trials) of the period's data points pooled, a rounded whole percent, as are the recent
 *   points and the charts; null when there is no data
 *   (a client without data is not a client at 0%: it is left out of the average, and
 *   clientsWithData says how many clients the average covers).
 * - With a goal-type filter only goals of that type (and their data) count, and a client without
 *   such a goal is left out; totalClients is the number of clients reported.
 * - Clients are sorted by progressRate, highest first, clients without data last (then by name); each lists all its goals
 *   and its 5 most recent data points.
 * - Data points of sessions the student did not attend are left out (goals/attended.ts).
 */
import type { GoalType } from '@caseload/contract/enums';
import { criterionAccuracy, criterionCorrect, percentOf } from '@caseload/contract/figures';
import type { Report } from '@caseload/contract/notes';
import { getVisibleClient } from '../caseload/access.ts';
import { now as clockNow } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { acct, keys, sortKeys } from '../keys.ts';
import { queryPartition } from '../db.ts';
import { attendedRows } from '../goals/attended.ts';
import type { ClientItem, GoalItem, ProgressItem, SessionItem } from '../items.ts';
import { plainText } from '../plain-text.ts';
import { displayName, isMasteredStatus as isMastered } from '../notes/facts.ts';
import { listVisibleClients } from '../notes/visible-clients.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { goalChart } from './goal-charts.ts';

const DAY_MS = 86_400_000;
const RECENT_POINTS = 5;

export interface ReportQuery {
  days: number;
  clientId?: string;
  goalType?: GoalType;
}

export interface ReportInput {
  now: Date;
  days: number;
  goalType?: GoalType;
  /** The visible clients in scope (one, with a client filter). */
  clients: ClientItem[];
  goals: GoalItem[];
  progress: ProgressItem[];
  sessions: SessionItem[];
  /** The client filter's label: the client's name, or 'all'. */
  clientLabel: string;
  /** The account's time zone: a session's school day on the charts. */
  timeZone: string;
}

type MaxCueOf = (goalId: string) => GoalItem['criterionMaxCue'];

/** The criterion's accuracy of rows pooled, each row counted under its own goal's highest cue level. */
const pooledRate = (points: ProgressItem[], maxCueOf: MaxCueOf): number | null =>
  points.length === 0
    ? null
    : percentOf(
        points.reduce((n, p) => n + criterionCorrect(p, maxCueOf(p.goalId)), 0),
        points.reduce((n, p) => n + p.totalAttempts, 0),
      );

/** Pure: the report from already-loaded records. */
export function computeReport(input: ReportInput): Report {
  const to = input.now.getTime();
  const from = to - input.days * DAY_MS;
  const within = (iso: string | undefined) => iso !== undefined && Date.parse(iso) >= from && Date.parse(iso) <= to;

  const goalsByClient = new Map<string, GoalItem[]>();
  for (const g of input.goals) {
    if (input.goalType && g.goalType !== input.goalType) continue;
    goalsByClient.set(g.clientId, [...(goalsByClient.get(g.clientId) ?? []), g]);
  }
  // Oldest goal first, as the goals tab lists them; the name breaks ties so the order is stable.
  for (const list of goalsByClient.values()) list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
  const clients = input.clients.filter((c) => !input.goalType || goalsByClient.has(c.id));
  const clientIds = new Set(clients.map((c) => c.id));
  const goals = clients.flatMap((c) => goalsByClient.get(c.id) ?? []);
  const goalIds = new Set(goals.map((g) => g.id));
  const maxCues = new Map(goals.map((g) => [g.id, g.criterionMaxCue]));
  const maxCueOf: MaxCueOf = (goalId) => maxCues.get(goalId);
  const points = input.progress.filter((p) => goalIds.has(p.goalId) && clientIds.has(p.clientId) && within(p.recordedAt));
  const sessions = input.sessions.filter((s) => within(s.scheduledAt) && Object.keys(s.participants ?? {}).some((id) => clientIds.has(id)));

  const clientProgress = clients
    .map((c) => {
      const own = points.filter((p) => p.clientId === c.id).sort((a, b) => Date.parse(b.recordedAt) - Date.parse(a.recordedAt));
      const clientGoals = goalsByClient.get(c.id) ?? [];
      return {
        clientId: c.id,
        clientName: displayName(c),
        goalCount: clientGoals.length,
        sessionsCount: sessions.filter((s) => s.participants[c.id]).length,
        progressRate: pooledRate(own, maxCueOf),
        goals: clientGoals.map((g) => ({
          id: g.id,
          type: g.goalType,
          description: plainText(g.description ?? ''),
          status: isMastered(g.status) ? ('mastered' as const) : g.status,
          successRate: pooledRate(own.filter((p) => p.goalId === g.id), maxCueOf),
          chart: goalChart(g, own.filter((p) => p.goalId === g.id), input.timeZone),
        })),
        recentDataPoints: own.slice(0, RECENT_POINTS).map((p) => ({
          goalId: p.goalId,
          recordedAt: p.recordedAt,
          successfulAttempts: p.successfulAttempts,
          totalAttempts: p.totalAttempts,
          accuracy: criterionAccuracy([p], maxCueOf(p.goalId)) ?? 0,
        })),
      };
    })
    .sort((a, b) => (b.progressRate ?? -1) - (a.progressRate ?? -1) || a.clientName.localeCompare(b.clientName));

  return {
    generatedAt: input.now.toISOString(),
    period: { days: input.days, from: new Date(from).toISOString(), to: input.now.toISOString() },
    filters: { client: input.clientLabel, goalType: input.goalType ?? 'all' },
    overallStats: {
      totalSessions: sessions.length,
      completedSessions: sessions.filter((s) => s.status === 'completed').length,
      activeGoals: goals.filter((g) => g.status === 'active').length,
      masteredGoals: goals.filter((g) => isMastered(g.status) && within(g.masteredDate)).length,
      successRate: pooledRate(points, maxCueOf),
      totalClients: clientProgress.length,
      clientsWithData: clientProgress.filter((c) => c.progressRate !== null).length,
    },
    clientProgress,
  };
}

/** Reads what the report needs: one client's partition with a client filter, else the account's. */
async function loadRecords(accountId: string, clientId: string | undefined, fromIso: string, toIso: string) {
  // Sort keys are `<iso time>#…`: an upper bound just past `toIso` includes its whole second.
  const range: [string, string] = [fromIso, `${toIso}\uffff`];
  const byClient = clientId ? keys.clientChildren(accountId, clientId) : undefined;
  const [goals, progress, sessions] = await Promise.all([
    byClient
      ? queryPartition<GoalItem>({ index: 'GSI1', pk: byClient, skPrefix: sortKeys.goals() })
      : queryPartition<GoalItem>({ pk: acct(accountId), skPrefix: sortKeys.goals() }),
    byClient
      ? queryPartition<ProgressItem>({ index: 'GSI1', pk: byClient, skBetween: sortKeys.progressBetween(range[0], range[1]) })
      : queryPartition<ProgressItem>({ index: 'GSI2', pk: keys.progressByTime(accountId), skBetween: range }),
    queryPartition<SessionItem>({ index: 'GSI2', pk: keys.sessionsByTime(accountId), skBetween: range }),
  ]);
  // The period's sessions are the rows' sessions (a row is dated by its session): no further read.
  return { goals, progress: await attendedRows(accountId, progress, sessions), sessions };
}

export async function getReport(auth: AuthContext, query: ReportQuery): Promise<Report> {
  const now = clockNow();
  const fromIso = new Date(now.getTime() - query.days * DAY_MS).toISOString();
  const [clients, records, timeZone] = await Promise.all([
    query.clientId ? getVisibleClient(auth, query.clientId).then((c) => [c]) : listVisibleClients(auth),
    loadRecords(auth.accountId, query.clientId, fromIso, now.toISOString()),
    accountTimeZone(auth.accountId),
  ]);
  return computeReport({
    now,
    days: query.days,
    goalType: query.goalType,
    clients,
    ...records,
    timeZone,
    clientLabel: query.clientId ? displayName(clients[0]!) : 'all',
  });
}
