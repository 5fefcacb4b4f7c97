/**
 * The Medicaid service log's lines, built from what the service read (no reads here): one line per
 * present participation in a completed therapy session (CPT from the number of students present) or
 * evaluation (its evaluation code; it delivers no minutes), with the account's wall-clock date and
 * times and the signatures of the client's session note. Consultations and meetings make no line
 * (part 4 §1.2). A signed note's line is its signature's copy of the facts (part 4 §1.4).
 */
import { roleLabels, sessionTypeLabels, type Role } from '@caseload/contract/enums';
import type { Signature } from '@caseload/contract/signatures';
import { SERVICE_LOG_CSV_HEADER, type ServiceLogLine } from '@caseload/contract/signatures';
import { wallClock } from '@caseload/contract/wall-clock';
import type { ClientItem, SessionItem } from '../items.ts';
import { presentParticipants } from '../sessions/present.ts';
import { csvDocument, csvRow } from '../csv.ts';
import { localDate } from '../school-calendar/dates.ts';
import { providerOf } from '../sessions/provider.ts';

/** What a line needs of a client (the service log's projection of the client item). */
export type LogClient = Pick<ClientItem, 'id' | 'firstName' | 'lastInitial' | 'organizationId' | 'icd10Codes' | 'medicaidEligible'>;
export interface LogUser {
  id: string;
  firstName: string;
  lastName: string;
  role: Role;
}
/** The signatures of one session note (the NOTE item's `signature` and `cosignature`). */
export interface LogNote {
  signature?: Signature;
  cosignature?: Signature;
}

/** 92507 is individual treatment: one student present. 92508 is group treatment: two or more. */
export const cptFor = (groupSize: number): ServiceLogLine['cpt'] => (groupSize === 1 ? '92507' : '92508');

/** The line's code: a therapy session's by group size, an evaluation's own; other types bill nothing. */
export function lineCode(session: Pick<SessionItem, 'sessionType' | 'evaluationCode'>, groupSize: number): ServiceLogLine['cpt'] | undefined {
  if (session.sessionType === 'therapy') return cptFor(groupSize);
  if (session.sessionType === 'evaluation') return session.evaluationCode;
  return undefined;
}

/**
 * Whether the line's note is co-signed: only a note signed by an assistant needs a co-signature
 * ('yes' once an SLP co-signed it, 'no' until then). A note signed by an SLP or an administrator
 * does not ('not_needed'). An unsigned note needs one later when its provider is an assistant (the
 * assistant is who signs it), so it reads 'no' then, and 'not_needed' otherwise.
 */
export function cosignedState(note: LogNote | undefined, providerRole: Role): ServiceLogLine['cosigned'] {
  const signature = note?.signature;
  if (!signature) return providerRole === 'assistant' ? 'no' : 'not_needed';
  if (signature.role !== 'assistant') return 'not_needed';
  return note.cosignature ? 'yes' : 'no';
}

export interface LineInputs {
  sessions: SessionItem[];
  /** Clients by id, as they are now. */
  clients: Map<string, LogClient>;
  /** Providers by id. */
  users: Map<string, LogUser>;
  /** Notes by `noteKey(sessionId, clientId)`. */
  notes: Map<string, LogNote>;
  timeZone: string;
  /** Whether the caller may see a client of this organization. */
  canSee: (organizationId: string | undefined) => boolean;
}

export const noteKey = (sessionId: string, clientId: string) => `${sessionId}#${clientId}`;

/**
 * Every line the caller may see, sorted by date, start and student. The group size counts every
 * student present, seen by the caller or not: it is a fact of the session that decides the code.
 * A client is judged by its organization as it is now (its item), or by the session's copy when
 * the item is missing. Users are deactivated, never deleted, so a provider is always found; a
 * session whose provider item is missing (never written by the product) has no line.
 */
export function buildLines(input: LineInputs): ServiceLogLine[] {
  const lines: ServiceLogLine[] = [];
  for (const session of input.sessions) {
    const present = presentParticipants(session);
    const provider = input.users.get(providerOf(session) ?? '');
    const cpt = lineCode(session, present.length);
    if (!present.length) continue;
    const start = Date.parse(session.scheduledAt);
    const times = {
      date: localDate(session.scheduledAt, input.timeZone),
      start: wallClock(start, input.timeZone).time,
      end: wallClock(start + session.duration * 60_000, input.timeZone).time,
    };
    for (const [clientId, entry] of present) {
      const client = input.clients.get(clientId);
      if (!input.canSee(client ? client.organizationId : entry.organizationId)) continue;
      const note = input.notes.get(noteKey(session.id, clientId));
      const common = { sessionId: session.id, clientId, medicaidEligible: client?.medicaidEligible ?? false, sessionType: session.sessionType };
      // A signed line reads the facts its signature copied (part 4 §1.4): later edits of the client
      // or the provider never rewrite it. Signatures without facts (before the copy existed and
      // before the signature-facts migration ran) read the live records like an unsigned line.
      const facts = note?.signature?.facts;
      if (facts?.cpt) {
        lines.push({
          ...common,
          sessionType: facts.sessionType,
          date: facts.date,
          start: facts.start,
          end: facts.end,
          student: facts.student,
          providerId: facts.providerId,
          provider: facts.provider,
          role: facts.providerRole,
          minutes: facts.minutes,
          groupSize: facts.studentsPresent,
          cpt: facts.cpt,
          icd10Codes: facts.icd10Codes,
          signed: true,
          cosigned: cosignedState(note, facts.providerRole),
        });
        continue;
      }
      if (!provider || !cpt) continue;
      lines.push({
        ...common,
        ...times,
        student: `${client?.firstName ?? entry.firstName} ${client?.lastInitial ?? entry.lastInitial}.`,
        providerId: provider.id,
        provider: `${provider.firstName} ${provider.lastName}`,
        role: provider.role,
        minutes: session.duration,
        groupSize: present.length,
        cpt,
        icd10Codes: client?.icd10Codes ?? [],
        signed: note?.signature !== undefined,
        cosigned: cosignedState(note, provider.role),
      });
    }
  }
  return lines.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.start.localeCompare(b.start) ||
      a.student.localeCompare(b.student) ||
      a.sessionId.localeCompare(b.sessionId) ||
      a.clientId.localeCompare(b.clientId),
  );
}

const cosignedWords: Record<ServiceLogLine['cosigned'], string> = { yes: 'yes', no: 'no', not_needed: 'not needed' };

/** One line's CSV row (no line end); every cell formula-safe. */
export function serviceLogRow(l: ServiceLogLine): string {
  return csvRow([
    l.date,
    l.student,
    l.provider,
    roleLabels[l.role],
    l.start,
    l.end,
    l.minutes,
    l.groupSize,
    l.cpt,
    l.icd10Codes.join('; '),
    sessionTypeLabels[l.sessionType],
    l.signed ? 'yes' : 'no',
    cosignedWords[l.cosigned],
  ]);
}

/** The CSV file: the contract's header, then one row per line. */
export const serviceLogCsv = (lines: ServiceLogLine[]): string => csvDocument(SERVICE_LOG_CSV_HEADER, lines.map(serviceLogRow));
