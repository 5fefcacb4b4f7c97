/**
 * Progress notes: generate (single), list, edit, delete. Every route reaches a note through its
 * client's visibility (getVisibleClient), so another tenant's or another organization's notes are
 * 404s. Notes of archived clients stay readable and editable: they are part of the record.
 *
 * Regenerating a period (the dialog's Generate button pressed again) replaces the period's note in
 * one transaction, so a client never has two notes for the same period.
 */
import type { ProgressNote } from '@caseload/contract/notes';
import { recordAudit } from '../audit.ts';
import { getVisibleClient } from '../caseload/access.ts';
import { nowIso } from '../clock.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { CaseloadEntryItem, ClientItem, ProgressNoteItem, SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import { plainText } from '../plain-text.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { displayName, loadFacts, type Period } from './facts.ts';
import { writeGroundedNote } from './generator.ts';
import { longDate } from './dates.ts';
import { renderPdf } from './pdf.ts';
import { deleteNoteItem, getNoteItem, listAccountNoteItems, listClientNoteItems, periodNoteId, PeriodGuardMovedError, storeNote, updateNoteContent } from './repo.ts';
import { listAccountClients } from './visible-clients.ts';

/** Time for generating one note on the single route: inside its 29 s, with room to store it. */
export const SINGLE_NOTE_BUDGET_MS = 25_000;
const STORE_ATTEMPTS = 3;

export interface Actor {
  accountId: string;
  userId: string;
  actorName: string;
}

export const actorOf = (auth: AuthContext): Actor => ({ accountId: auth.accountId, userId: auth.userId, actorName: `${auth.firstName} ${auth.lastName}` });

export function toProgressNote(item: ProgressNoteItem, client?: Pick<ClientItem, 'firstName' | 'lastInitial' | 'organizationId'>): ProgressNote {
  return {
    id: item.id,
    clientId: item.clientId,
    content: item.content,
    reportingPeriodStart: item.reportingPeriodStart,
    reportingPeriodEnd: item.reportingPeriodEnd,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    generatedBy: item.generatedBy,
    // Older records may lack a status: the spec reads a missing one as generated.
    status: item.status ?? 'generated',
    clientName: client ? displayName(client) : undefined,
    organizationId: client ? client.organizationId : item.organizationId,
  };
}

export interface StoredNote {
  note: ProgressNoteItem;
  replaced: boolean;
}
export type GenerationOutcome = StoredNote | { skipped: true };
interface GenerationOptions {
  /** Epoch ms by which the note must be written. */
  deadline: number;
  skipExisting?: boolean;
  /** The period's sessions, when the caller (a bulk job) has read them once for all clients. */
  sessions?: SessionItem[];
}

/**
 * Computes the facts, writes a grounded note and stores it as the period's note. With
 * `skipExisting` a period that already has a note is left alone; otherwise its note is replaced.
 * Nothing is stored when generation fails.
 */
export async function generateAndStore(actor: Actor, client: ClientItem, period: Period, opts: GenerationOptions & { skipExisting?: false }): Promise<StoredNote>;
export async function generateAndStore(actor: Actor, client: ClientItem, period: Period, opts: GenerationOptions): Promise<GenerationOutcome>;
export async function generateAndStore(actor: Actor, client: ClientItem, period: Period, opts: GenerationOptions): Promise<GenerationOutcome> {
  let previous = await periodNoteId(actor.accountId, client.id, period);
  if (previous && opts.skipExisting) return { skipped: true };
  const facts = await loadFacts(actor.accountId, client, period, opts.sessions);
  const content = await writeGroundedNote(facts, opts.deadline);
  const at = nowIso();
  const note: ProgressNoteItem = {
    id: newId(),
    accountId: actor.accountId,
    clientId: client.id,
    organizationId: client.organizationId,
    content,
    reportingPeriodStart: period.start,
    reportingPeriodEnd: period.end,
    generatedBy: 'ai',
    status: 'generated',
    createdAt: at,
    updatedAt: at,
    createdBy: actor.userId,
    updatedBy: actor.userId,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await storeNote(note, previous);
      return { note, replaced: previous !== undefined };
    } catch (e) {
      if (!(e instanceof PeriodGuardMovedError)) throw e;
      if (attempt >= STORE_ATTEMPTS) throw new ConflictError('Another note for this period was saved at the same time. Please try again.');
      // Someone else stored a note for the period meanwhile: skip it, or replace it in turn.
      previous = await periodNoteId(actor.accountId, client.id, period);
      if (previous && opts.skipExisting) return { skipped: true };
    }
  }
}

export async function auditGenerated(actor: Actor, outcome: StoredNote, how: 'single' | 'bulk') {
  await recordAudit(actor.accountId, {
    action: outcome.replaced ? 'progress_note.regenerated' : 'progress_note.generated',
    actorId: actor.userId,
    actorName: actor.actorName,
    entityType: 'progressNote',
    entityId: outcome.note.id,
    summary: `${outcome.replaced ? 'Regenerated' : 'Generated'} an AI progress note${how === 'bulk' ? ' (bulk)' : ''}`,
  });
}

export async function generateProgressNote(auth: AuthContext, clientId: string, period: Period): Promise<ProgressNote> {
  const client = await getVisibleClient(auth, clientId);
  const actor = actorOf(auth);
  const outcome = await generateAndStore(actor, client, period, { deadline: Date.now() + SINGLE_NOTE_BUDGET_MS });
  await auditGenerated(actor, outcome, 'single');
  return toProgressNote(outcome.note, client);
}

export async function listClientProgressNotes(auth: AuthContext, clientId: string): Promise<ProgressNote[]> {
  const client = await getVisibleClient(auth, clientId, { includeArchived: true });
  const items = await listClientNoteItems(auth.accountId, client.id);
  return items.map((n) => toProgressNote(n, client));
}

/**
 * The notes page: every visible client's notes, newest first. Visibility follows the client's
 * current organization; a note whose client record is gone is shown (as Unknown Client in the
 * SPA) when the note's own organization is in the caller's scope.
 */
export async function listProgressNotes(auth: AuthContext, assignedTo: 'me' | 'all' = 'all'): Promise<ProgressNote[]> {
  if (assignedTo === 'me') return listMyClientsNotes(auth);
  const [items, clients] = await Promise.all([listAccountNoteItems(auth.accountId), listAccountClients(auth.accountId)]);
  const byId = new Map(clients.map((c) => [c.id, c]));
  return items
    .filter((n) => canSeeOrganization(auth, byId.has(n.clientId) ? byId.get(n.clientId)!.organizationId : n.organizationId))
    .map((n) => toProgressNote(n, byId.get(n.clientId)));
}

/** Client partitions read at once for "my caseload" notes. */
const CASELOAD_NOTE_READS = 8;

/**
 * The notes of the caller's assigned clients (visible ones), newest first: the caseload is one
 * consistent Query, then one Query per client on its notes partition, so the cost follows the
 * caseload (about 50 clients), not the district.
 */
async function listMyClientsNotes(auth: AuthContext): Promise<ProgressNote[]> {
  const entries = (await queryPartition<CaseloadEntryItem>({ pk: keys.caseload(auth.accountId, auth.userId), consistent: true })).filter((c) =>
    canSeeOrganization(auth, c.organizationId),
  );
  const notes: ProgressNote[] = [];
  for (let i = 0; i < entries.length; i += CASELOAD_NOTE_READS) {
    const batch = entries.slice(i, i + CASELOAD_NOTE_READS);
    const lists = await Promise.all(batch.map(async (c) => (await listClientNoteItems(auth.accountId, c.id)).map((n) => toProgressNote(n, c))));
    notes.push(...lists.flat());
  }
  return notes.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** A note the caller may see (its client visible, archived included), with that client; 404 otherwise. */
export async function getVisibleNote(auth: AuthContext, noteId: string): Promise<{ note: ProgressNoteItem; client: ClientItem }> {
  const note = await getNoteItem(auth.accountId, noteId);
  if (!note) throw new NotFoundError('Progress note');
  const client = await getVisibleClient(auth, note.clientId, { includeArchived: true }).catch((e: unknown) => {
    throw e instanceof NotFoundError ? new NotFoundError('Progress note') : e;
  });
  return { note, client };
}

export async function updateProgressNote(auth: AuthContext, noteId: string, content: string): Promise<ProgressNote> {
  const { client } = await getVisibleNote(auth, noteId);
  const clean = sanitizeRichText(content);
  // The schema refuses blank input; markup that sanitizes to nothing is just as empty.
  if (!plainText(clean)) throw new BadRequestError('Content is required', [{ path: 'content', message: 'Content is required' }]);
  const updated = await updateNoteContent(auth.accountId, noteId, clean, auth.userId, nowIso());
  await recordAudit(auth.accountId, {
    action: 'progress_note.updated',
    actorId: auth.userId,
    actorName: `${auth.firstName} ${auth.lastName}`,
    entityType: 'progressNote',
    entityId: noteId,
    summary: 'Edited a progress note',
  });
  return toProgressNote(updated, client);
}

export async function deleteProgressNote(auth: AuthContext, noteId: string): Promise<{ ok: true }> {
  const { note } = await getVisibleNote(auth, noteId);
  await deleteNoteItem(note);
  await recordAudit(auth.accountId, {
    action: 'progress_note.deleted',
    actorId: auth.userId,
    actorName: `${auth.firstName} ${auth.lastName}`,
    entityType: 'progressNote',
    entityId: noteId,
    summary: 'Deleted a progress note',
  });
  return { ok: true };
}

/** The note as a PDF for parents: the client as 'First L.' and the period, then the note's text. */
export async function progressNotePdf(auth: AuthContext, noteId: string): Promise<{ filename: string; pdf: Buffer }> {
  const { note, client } = await getVisibleNote(auth, noteId);
  const pdf = renderPdf({
    title: 'Progress Note',
    header: [`Student: ${displayName(client)}`, `Reporting period: ${longDate(note.reportingPeriodStart)} to ${longDate(note.reportingPeriodEnd)}`],
    html: note.content,
  });
  return { filename: `progress-note-${note.reportingPeriodEnd}.pdf`, pdf };
}
