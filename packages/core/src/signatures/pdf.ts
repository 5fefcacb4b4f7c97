/**
 * A client's session note as a PDF: the service details (as the service log bills them), the note,
 * the progress recorded in the session (with its trials' totals when scored live), the signature,
 * the co-signature and the addenda. Any note the user may see prints, signed or not ("Unsigned"
 * says which).
 *
 * Reads, all by key or one partition: the session, its documentation partition (the note and the
 * progress rows), the client, the client's goals (for their names) and the account (its time zone)
 * in parallel, then the provider's user item: six requests whatever the note holds.
 */
import { TZDate } from '@date-fns/tz';
import { roleLabels, type ParticipantStatus, type SessionType } from '@caseload/contract/enums';
import type { Addendum, Signature } from '@caseload/contract/signatures';
import { cueLevelLabels, cueLevels, type CueCounts } from '@caseload/contract/trials';
import { getUser } from '../auth/users-repo.ts';
import type { AuthContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { goalsOfClient } from '../goals/repo.ts';
import type { ClientItem, SessionItem } from '../items.ts';
import { longDate } from '../notes/dates.ts';
import { documentBlocks, htmlBlocks } from '../pdf/blocks.ts';
import { renderPdf } from '../pdf/document.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { isNoteRow, isProgressRow, listDocs, readSession, type NoteRow } from '../sessions/repo.ts';
import { providerOf } from '../sessions/provider.ts';
import { findVisibleClient, isVisibleEntry, requireVisible } from '../sessions/view.ts';

/** The note row with what signing adds to it (signatures/ writes these attributes). */
type SignedNoteRow = NoteRow & { signature?: Signature; cosignature?: Signature; addenda?: Addendum[] };

const sessionTypeLabels: Record<SessionType, string> = { therapy: 'Therapy', evaluation: 'Evaluation', consultation: 'Consultation', meeting: 'Meeting' };
const attendanceLabels: Record<ParticipantStatus, string> = { scheduled: 'Scheduled', present: 'Present', absent: 'Absent', canceled: 'Canceled' };

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the account's calendar date and wall-clock time (HH:mm). */
export function wallClock(instant: string, timeZone: string): { date: string; time: string } {
  const d = new TZDate(Date.parse(instant), timeZone);
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

const when = (instant: string, timeZone: string) => {
  const { date, time } = wallClock(instant, timeZone);
  return `${longDate(date)} at ${time}`;
};

/**
 * Text as HTML the PDF writer reads back: every character that could start markup or an entity
 * (and the writer's own block markers) as a numeric entity, which it decodes once, after tags are gone.
 */
const escapeText = (text: string) => text.replace(/[&<>\uE000\uE001]/g, (ch) => `&#${ch.codePointAt(0)};`);
const paragraph = (text: string) => `<p>${escapeText(text)}</p>`;
const heading = (text: string) => `<h2>${escapeText(text)}</h2>`;
const list = (items: string[]) => `<ul>${items.map((text) => `<li>${escapeText(text)}</li>`).join('')}</ul>`;

export interface SessionNoteFacts {
  session: Pick<SessionItem, 'scheduledAt' | 'duration' | 'sessionType' | 'participants'>;
  client: Pick<ClientItem, 'id' | 'firstName' | 'lastInitial' | 'icd10Codes'>;
  note?: { notes: string; signature?: Signature; cosignature?: Signature; addenda?: Addendum[] };
  progress: ProgressLine[];
  provider?: { name: string; role: keyof typeof roleLabels };
  timeZone: string;
}

const signer = (s: Signature) => `${s.name} (${roleLabels[s.role]})`;

/** A goal's progress in the session: counts, and when it was scored live, what its trials add up to. */
export interface ProgressLine {
  goalName: string;
  successfulAttempts: number;
  totalAttempts: number;
  trials?: { independentCorrect: number; cueCounts: CueCounts };
}

const percent = (ok: number, total: number) => Math.round((100 * ok) / total);

/** "Produce /r/: 10 trials, 8 correct (80%), 5 independently; cue levels: Independent 6, Verbal 4", or "Produce /r/: 8/10 (80%)" for counts. */
export function progressLineText({ goalName, successfulAttempts: ok, totalAttempts: total, trials }: ProgressLine): string {
  if (!trials) return total > 0 ? `${goalName}: ${ok}/${total} (${percent(ok, total)}%)` : `${goalName}: ${ok}/${total}`;
  if (total === 0) return `${goalName}: no trials`;
  const levels = cueLevels.filter((level) => trials.cueCounts[level]).map((level) => `${cueLevelLabels[level]} ${trials.cueCounts[level]}`);
  return `${goalName}: ${total} ${total === 1 ? 'trial' : 'trials'}, ${ok} correct (${percent(ok, total)}%), ${trials.independentCorrect} independently; cue levels: ${levels.join(', ')}`;
}

/** The document's lines: the service, the note, the progress, the signatures and the addenda, in that order. */
export function sessionNoteDocument(facts: SessionNoteFacts): { title: string; header: string[]; html: string } {
  const { session, client, note, provider, timeZone } = facts;
  const start = wallClock(session.scheduledAt, timeZone);
  const end = wallClock(new Date(Date.parse(session.scheduledAt) + session.duration * 60_000).toISOString(), timeZone);
  const attendance = session.participants[client.id]?.status;
  const present = Object.values(session.participants).filter((p) => p.status === 'present').length;
  const codes = client.icd10Codes ?? [];

  const header = [
    `Student: ${client.firstName} ${client.lastInitial}.`,
    `Date: ${longDate(start.date)}`,
    `Time: ${start.time}–${end.time} (${timeZone})`,
    `Duration: ${session.duration} minutes`,
    `Session type: ${sessionTypeLabels[session.sessionType]}`,
    `Provider: ${provider ? `${provider.name} (${roleLabels[provider.role]})` : 'Not recorded'}`,
    `Attendance: ${attendance ? attendanceLabels[attendance] : 'Not recorded'}`,
    // A CPT code bills a present student: individual when the student was alone, group otherwise.
    ...(attendance === 'present' ? [`CPT: ${present === 1 ? '92507 (individual)' : `92508 (group of ${present})`}`] : []),
    `ICD-10: ${codes.length ? codes.join('; ') : 'None recorded'}`,
  ];

  const noteBlocks = note ? htmlBlocks(note.notes) : [];
  const html = [
    heading('Note'),
    noteBlocks.length ? noteBlocks.map((b) => (b.kind === 'bullet' ? list([b.text]) : paragraph(b.text))).join('') : paragraph('No note was written.'),
    heading('Progress'),
    facts.progress.length
      ? list(facts.progress.map(progressLineText))
      : paragraph('No progress recorded.'),
    heading('Signatures'),
    paragraph(note?.signature ? `Signed by ${signer(note.signature)} on ${when(note.signature.at, timeZone)}` : 'Unsigned'),
    // Only an assistant's signature needs a supervising SLP's co-signature.
    note?.cosignature
      ? paragraph(`Co-signed by ${signer(note.cosignature)} on ${when(note.cosignature.at, timeZone)}`)
      : note?.signature?.role === 'assistant'
        ? paragraph('Awaiting co-signature')
        : '',
    ...(note?.addenda?.length
      ? [heading('Addenda'), ...note.addenda.flatMap((a) => [paragraph(`Addendum by ${a.name} on ${when(a.at, timeZone)}:`), paragraph(a.text)])]
      : []),
  ].join('');

  return { title: 'Session note', header, html };
}

/**
 * The PDF of one client's note in one session, for a user who may see both the session and the
 * client (404 otherwise, whatever the reason: another tenant's ids look like missing ones).
 */
export async function sessionNotePdf(auth: AuthContext, sessionId: string, clientId: string): Promise<{ filename: string; pdf: Buffer }> {
  const [stored, docs, client, goals, timeZone] = await Promise.all([
    readSession(auth.accountId, sessionId),
    listDocs(auth.accountId, sessionId),
    findVisibleClient(auth, clientId),
    goalsOfClient(auth.accountId, clientId),
    accountTimeZone(auth.accountId),
  ]);
  const session = requireVisible(auth, stored);
  const entry = session.participants[clientId];
  if (!client || !entry || !isVisibleEntry(auth, entry)) throw new NotFoundError('Session note');

  const providerId = providerOf(session);
  const user = providerId ? await getUser(auth.accountId, providerId) : undefined;
  const note = docs.filter(isNoteRow).find((row): row is SignedNoteRow => row.clientId === clientId);
  // In the goals' own order (oldest first), as the session page lists them.
  const goalOrder = new Map(goals.map((g, i) => [g.id, i]));
  const progress = docs
    .filter(isProgressRow)
    .filter((row) => row.clientId === clientId)
    .sort((a, b) => (goalOrder.get(a.goalId) ?? goals.length) - (goalOrder.get(b.goalId) ?? goals.length))
    .map((row) => ({
      goalName: goals[goalOrder.get(row.goalId) ?? -1]?.name ?? 'A removed goal',
      successfulAttempts: row.successfulAttempts,
      totalAttempts: row.totalAttempts,
      trials: row.trials && { independentCorrect: row.independentCorrect ?? 0, cueCounts: row.cueCounts ?? {} },
    }));

  const document = sessionNoteDocument({
    session,
    client,
    note,
    progress,
    provider: user ? { name: `${user.firstName} ${user.lastName}`, role: user.role } : undefined,
    timeZone,
  });
  return { filename: `session-note-${wallClock(session.scheduledAt, timeZone).date}.pdf`, pdf: await renderPdf(documentBlocks(document)) };
}
