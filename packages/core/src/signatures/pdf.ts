/**
 * A client's session note as a PDF: the service details (as the service log bills them), the note,
 * the progress recorded in the session (with its trials' totals when scored live), the signature,
 * the co-signature and the addenda. Any note the user may see prints, signed or not ("Unsigned"
 * says which).
 *
 * A signed note prints the service as its signature copied it (part 4 §1.4), so later edits of the
 * client or its goals never change a signed note's PDF.
 *
 * Reads, all by key or one partition: the session and the client (visibility), then its
 * documentation partition (the note and the progress rows), the client, the client's goals (for
 * their names) and the account (its time zone) in parallel, then for an unsigned note the
 * provider's user item: at most seven requests whatever the note holds.
 */
import { wallClock } from '@caseload/contract/wall-clock';
import { roleLabels, sessionTypeLabels, type ParticipantStatus } from '@caseload/contract/enums';
import type { Addendum, Signature } from '@caseload/contract/signatures';
import { cueLevelLabels, cueLevels, type CueCounts } from '@caseload/contract/trials';
import type { AuthContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { longDate } from '../notes/dates.ts';
import { documentBlocks, htmlBlocks } from '../pdf/blocks.ts';
import { renderPdf } from '../pdf/document.ts';
import { readSession } from '../sessions/repo.ts';
import { findVisibleClient, isVisibleEntry, requireVisible } from '../sessions/view.ts';
import { loadServiceFacts, providerFacts, type ServiceFacts } from './facts.ts';

const attendanceLabels: Record<ParticipantStatus, string> = { scheduled: 'Scheduled', present: 'Present', absent: 'Absent', canceled: 'Canceled' };

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
  /** The service: a signature's copy (part 4 §1.4), or for an unsigned note the same built from live records. */
  service: ServiceFacts;
  provider?: { name: string; role: keyof typeof roleLabels };
  note?: { notes: string; signature?: Signature; cosignature?: Signature; addenda?: Addendum[] };
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

/** A CPT code as the header says it: individual when the student was alone, group otherwise, an evaluation's code as it is. */
function cptText(cpt: NonNullable<ServiceFacts['cpt']>, studentsPresent: number) {
  if (cpt === '92507') return '92507 (individual)';
  if (cpt === '92508') return `92508 (group of ${studentsPresent})`;
  return cpt;
}

/** The document's lines: the service, the note, the progress, the signatures and the addenda, in that order. */
export function sessionNoteDocument({ service, provider, note }: SessionNoteFacts): { title: string; header: string[]; html: string } {
  const { timeZone } = service;
  const header = [
    `Student: ${service.student}`,
    `Date: ${longDate(service.date)}`,
    `Time: ${service.start}–${service.end} (${timeZone})`,
    `Duration: ${service.minutes} minutes`,
    `Session type: ${sessionTypeLabels[service.sessionType]}`,
    `Provider: ${provider ? `${provider.name} (${roleLabels[provider.role]})` : 'Not recorded'}`,
    `Attendance: ${attendanceLabels[service.attendance]}`,
    ...(service.cpt ? [`CPT: ${cptText(service.cpt, service.studentsPresent)}`] : []),
    `ICD-10: ${service.icd10Codes.length ? service.icd10Codes.join('; ') : 'None recorded'}`,
  ];

  const noteBlocks = note ? htmlBlocks(note.notes) : [];
  const html = [
    heading('Note'),
    noteBlocks.length ? noteBlocks.map((b) => (b.kind === 'bullet' ? list([b.text]) : paragraph(b.text))).join('') : paragraph('No note was written.'),
    heading('Progress'),
    service.goals.length
      ? list(service.goals.map((g) => progressLineText({ ...g, goalName: g.name })))
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
 * client (404 otherwise, whatever the reason: another tenant's ids look like missing ones). A
 * signed note prints its signature's facts; an unsigned one (or one signed before facts were
 * copied and not yet migrated) prints the live records.
 */
export async function sessionNotePdf(auth: AuthContext, sessionId: string, clientId: string): Promise<{ filename: string; pdf: Buffer }> {
  const [stored, client] = await Promise.all([readSession(auth.accountId, sessionId), findVisibleClient(auth, clientId)]);
  const session = requireVisible(auth, stored);
  const entry = session.participants[clientId];
  if (!client || !entry || !isVisibleEntry(auth, entry)) throw new NotFoundError('Session note');

  const live = await loadServiceFacts(auth.accountId, session, clientId);
  const note = live.note;
  const signed = note?.signature?.facts;
  const provider = signed ? { providerId: signed.providerId, provider: signed.provider, providerRole: signed.providerRole } : await providerFacts(auth.accountId, session);
  const service = signed ?? live.facts;
  const document = sessionNoteDocument({ service, note, provider: provider && { name: provider.provider, role: provider.providerRole } });
  return { filename: `session-note-${service.date}.pdf`, pdf: await renderPdf(documentBlocks(document)) };
}
