/**
 * The service facts of one client's participation in a session (part 4 §1.4): what signing copies
 * into the signature, and what an unsigned note's PDF and service-log line show from live data.
 * Built by one pure function from records read by key or one partition, so the signature, the
 * migration that backfills older signatures, and the PDF all state a service the same way.
 */
import type { SignatureFacts } from '@caseload/contract/signatures';
import { wallClock } from '@caseload/contract/wall-clock';
import { getUser } from '../auth/users-repo.ts';
import { goalsOfClient } from '../goals/repo.ts';
import type { ClientItem, GoalItem, ProgressItem, SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import { localDate } from '../school-calendar/dates.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { lineCode } from '../service-log/lines.ts';
import { providerOf } from '../sessions/provider.ts';
import { getItem } from '../db/get-item.ts';
import { isNoteRow, isProgressRow, listDocs, type NoteRow, type ProgressRow } from '../sessions/repo.ts';

/** The facts without the provider, which the caller names (the signer, or the provider's user item). */
export type ServiceFacts = Omit<SignatureFacts, 'providerId' | 'provider' | 'providerRole'>;

export interface FactSources {
  session: Pick<SessionItem, 'scheduledAt' | 'duration' | 'sessionType' | 'participants' | 'evaluationCode' | 'status'>;
  clientId: string;
  /** The client item as it is now (absent: the session's copy of the name, and no codes). */
  client: Pick<ClientItem, 'firstName' | 'lastInitial' | 'icd10Codes'> | undefined;
  /** The client's goals, in their own order (oldest first), for the progress rows' names. */
  goals: Pick<GoalItem, 'id' | 'name'>[];
  /** The client's progress rows of this session. */
  progress: Pick<ProgressItem, 'goalId' | 'successfulAttempts' | 'totalAttempts' | 'trials' | 'independentCorrect' | 'cueCounts'>[];
  timeZone: string;
}

/** Pure: the participation's facts, with the wall-clock date and times in `timeZone`. */
export function serviceFacts({ session, clientId, client, goals, progress, timeZone }: FactSources): ServiceFacts {
  const start = Date.parse(session.scheduledAt);
  const entry = session.participants[clientId];
  const studentsPresent = Object.values(session.participants).filter((p) => p.status === 'present').length;
  const attendance = entry?.status ?? 'scheduled';
  const goalOrder = new Map(goals.map((g, i) => [g.id, i]));
  const rank = (goalId: string) => goalOrder.get(goalId) ?? goals.length;
  return {
    date: localDate(session.scheduledAt, timeZone),
    start: wallClock(start, timeZone).time,
    end: wallClock(start + session.duration * 60_000, timeZone).time,
    timeZone,
    minutes: session.duration,
    sessionType: session.sessionType,
    student: `${client?.firstName ?? entry?.firstName ?? ''} ${client?.lastInitial ?? entry?.lastInitial ?? ''}.`,
    attendance,
    studentsPresent,
    // Only a present student of a completed session is billed (the service log's rule).
    cpt: attendance === 'present' && session.status === 'completed' ? (lineCode(session, studentsPresent) ?? null) : null,
    icd10Codes: [...(client?.icd10Codes ?? [])],
    goals: [...progress]
      .sort((a, b) => rank(a.goalId) - rank(b.goalId))
      .map((row) => ({
        goalId: row.goalId,
        name: goals[goalOrder.get(row.goalId) ?? -1]?.name ?? 'A removed goal',
        successfulAttempts: row.successfulAttempts,
        totalAttempts: row.totalAttempts,
        ...(row.trials ? { trials: { independentCorrect: row.independentCorrect ?? 0, cueCounts: row.cueCounts ?? {} } } : {}),
      })),
  };
}

export interface LoadedFacts {
  facts: ServiceFacts;
  /** The session's documentation rows of this client, as read (signing conditions its write on them). */
  note: NoteRow | undefined;
  progressRows: ProgressRow[];
}

/** Reads what the facts rest on (four requests in parallel, whatever the session holds) and builds them. */
export async function loadServiceFacts(accountId: string, session: FactSources['session'] & { id: string }, clientId: string): Promise<LoadedFacts> {
  const [docs, client, goals, timeZone] = await Promise.all([
    listDocs(accountId, session.id),
    getItem<ClientItem>(keys.client(accountId, clientId)),
    goalsOfClient(accountId, clientId),
    accountTimeZone(accountId),
  ]);
  const note = docs.filter(isNoteRow).find((row) => row.clientId === clientId);
  const progressRows = docs.filter(isProgressRow).filter((row) => row.clientId === clientId);
  return { facts: serviceFacts({ session, clientId, client, goals, progress: progressRows, timeZone }), note, progressRows };
}

/** The provider's part of the facts from the session's provider's user item (undefined when it is missing). */
export async function providerFacts(accountId: string, session: SessionItem): Promise<Pick<SignatureFacts, 'providerId' | 'provider' | 'providerRole'> | undefined> {
  const providerId = providerOf(session);
  const user = providerId ? await getUser(accountId, providerId) : undefined;
  return user && { providerId: user.id, provider: `${user.firstName} ${user.lastName}`, providerRole: user.role };
}
