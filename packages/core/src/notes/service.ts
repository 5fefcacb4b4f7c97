/**
 * Progress notes: generate (single), list, edit, delete. Every route reaches a note through its
 * client's visibility (getVisibleClient), so another tenant's or another organization's notes are
 * 404s. Notes of archived clients stay readable and editable: they are part of the record.
 *
 * One note per client and reporting period (part 3 §6), decided on the client's note periods
 * (note-periods.ts) and written with them under their version: regenerating the same period
 * rewrites that note under its id (unless delivered, or edited without `replace`); a period
 * overlapping other notes is refused unless `replace` deletes the undelivered ones.
 */
import {
  DELIVERED_NOTE_COVERS_PERIOD,
  DELIVERED_NOTE_LOCKED,
  DELIVERED_NOTE_UNDELETABLE,
  EDITED_NOTE_WOULD_BE_REPLACED,
  NOTE_COVERS_PART_OF_PERIOD,
  type ProgressNote,
} from '@caseload/contract/notes';
import { recordAudit } from '../audit.ts';
import { getVisibleClient } from '../caseload/access.ts';
import { nowIso } from '../clock.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { queryPartition, transact, type TxItem } from '../db.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { CaseloadEntryItem, ClientItem, NotePeriodRecord, ProgressNoteItem, SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import { plainText } from '../plain-text.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { deliveredInputPuts, loadParentReport } from './delivered-report.ts';
import { displayName, loadFacts, type Period } from './facts.ts';
import { writeGroundedNote } from './generator.ts';
import { notePeriodsWrite, notesOverlapping, periodRecordOf, readNotePeriods, type NotePeriods } from './note-periods.ts';
import { deleteNoteItems, getNoteItem, listAccountNoteItems, listClientNoteItems, putNoteItem } from './repo.ts';
import { listAccountClients } from './visible-clients.ts';
import { actorName } from '../people/actor-name.ts';
import { inPool } from '../concurrency.ts';

/** Time for generating one note on the single route: inside its 29 s, with room to store it. */
export const SINGLE_NOTE_BUDGET_MS = 25_000;

export interface Actor {
  accountId: string;
  userId: string;
  actorName: string;
}

export const actorOf = (auth: AuthContext): Actor => ({ accountId: auth.accountId, userId: auth.userId, actorName: actorName(auth) });

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
  /** The same period's note was regenerated under its id. */
  replaced: boolean;
  /** Undelivered notes overlapping the period, deleted by `replace`. */
  deleted: string[];
}
export type GenerationOutcome = StoredNote | { skipped: true };
interface GenerationOptions {
  /** Epoch ms by which the note must be written. */
  deadline: number;
  /** Bulk: leave alone a client with a note sharing any day with the period. */
  skipExisting?: boolean;
  /** Regenerate an edited note of the period; delete undelivered notes overlapping an ad-hoc period. */
  replace?: boolean;
  /** The account's zone and the period's sessions, when the caller (a bulk job) has read them once for all clients. */
  preloaded?: { timeZone: string; sessions: SessionItem[] };
}

type Plan = { skip: true } | { skip?: false; keep?: NotePeriodRecord; remove: NotePeriodRecord[] };

const samePeriod = (n: NotePeriodRecord, period: Period) => n.start === period.start && n.end === period.end;

/** What storing a note for the period means for the client's notes, or the spec's 409. */
function plan(set: NotePeriods, period: Period, opts: Pick<GenerationOptions, 'skipExisting' | 'replace'>): Plan {
  const overlapping = notesOverlapping(set, period);
  if (!overlapping.length) return { remove: [] };
  if (opts.skipExisting) return { skip: true };
  const keep = overlapping.find((n) => samePeriod(n, period));
  if (keep?.status === 'delivered') throw new ConflictError(DELIVERED_NOTE_COVERS_PERIOD);
  if (keep?.edited && !opts.replace) throw new ConflictError(EDITED_NOTE_WOULD_BE_REPLACED);
  const remove = overlapping.filter((n) => n !== keep);
  if (remove.length && (!opts.replace || remove.some((n) => n.status === 'delivered'))) throw new ConflictError(NOTE_COVERS_PART_OF_PERIOD);
  return { keep, remove };
}

/**
 * Computes the facts, writes a grounded note and stores it as the period's note. The rules are
 * checked before generating (a refused request costs no model call) and again, on a fresh read,
 * inside the versioned write. Nothing is stored when generation fails.
 */
export async function generateAndStore(actor: Actor, client: ClientItem, period: Period, opts: GenerationOptions & { skipExisting?: false }): Promise<StoredNote>;
export async function generateAndStore(actor: Actor, client: ClientItem, period: Period, opts: GenerationOptions): Promise<GenerationOutcome>;
export async function generateAndStore(actor: Actor, client: ClientItem, period: Period, opts: GenerationOptions): Promise<GenerationOutcome> {
  if (plan(await readNotePeriods(actor.accountId, client.id), period, opts).skip) return { skipped: true };
  const { timeZone, sessions } = opts.preloaded ?? { timeZone: await accountTimeZone(actor.accountId), sessions: undefined };
  const facts = await loadFacts(actor.accountId, client, period, timeZone, sessions);
  const content = await writeGroundedNote(facts, opts.deadline);
  const fresh = newId();
  return retryOnConflict(async (): Promise<GenerationOutcome> => {
    const set = await readNotePeriods(actor.accountId, client.id);
    const decided = plan(set, period, opts);
    if (decided.skip) return { skipped: true };
    const at = nowIso();
    const kept = decided.keep && (await getNoteItem(actor.accountId, decided.keep.noteId));
    const note: ProgressNoteItem = {
      id: kept ? kept.id : fresh,
      accountId: actor.accountId,
      clientId: client.id,
      organizationId: client.organizationId,
      content,
      reportingPeriodStart: period.start,
      reportingPeriodEnd: period.end,
      generatedBy: 'ai',
      status: 'generated',
      createdAt: kept ? kept.createdAt : at,
      updatedAt: at,
      createdBy: kept ? kept.createdBy : actor.userId,
      updatedBy: actor.userId,
    };
    const notes = { ...set.notes };
    // A period whose note item is gone (deleted by code older than the sets) is simply taken anew.
    if (decided.keep && !kept) delete notes[decided.keep.noteId];
    for (const n of decided.remove) delete notes[n.noteId];
    notes[note.id] = periodRecordOf(note);
    const removed = decided.remove.flatMap((n) => deleteNoteItems({ accountId: actor.accountId, clientId: client.id, id: n.noteId, reportingPeriodStart: n.start, reportingPeriodEnd: n.end }));
    await transact([notePeriodsWrite(actor.accountId, set, notes), putNoteItem(note), ...removed]);
    return { note, replaced: kept !== undefined, deleted: decided.remove.map((n) => n.noteId) };
  });
}

export async function auditGenerated(actor: Actor, outcome: StoredNote, how: 'single' | 'bulk') {
  for (const noteId of outcome.deleted) {
    await recordAudit(actor.accountId, {
      action: 'progress_note.deleted',
      actorId: actor.userId,
      actorName: actor.actorName,
      entityType: 'progressNote',
      entityId: noteId,
      summary: 'Deleted a progress note replaced by a note for an overlapping period',
    });
  }
  await recordAudit(actor.accountId, {
    action: outcome.replaced ? 'progress_note.regenerated' : 'progress_note.generated',
    actorId: actor.userId,
    actorName: actor.actorName,
    entityType: 'progressNote',
    entityId: outcome.note.id,
    summary: `${outcome.replaced ? 'Regenerated' : 'Generated'} an AI progress note${how === 'bulk' ? ' (bulk)' : ''}`,
  });
}

export async function generateProgressNote(auth: AuthContext, clientId: string, period: Period, replace = false): Promise<ProgressNote> {
  const client = await getVisibleClient(auth, clientId);
  const actor = actorOf(auth);
  const outcome = await generateAndStore(actor, client, period, { deadline: Date.now() + SINGLE_NOTE_BUDGET_MS, replace });
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
  const lists = await inPool(entries, async (c) => (await listClientNoteItems(auth.accountId, c.id)).map((n) => toProgressNote(n, c)), CASELOAD_NOTE_READS);
  return lists.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
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

export interface NoteChange {
  content?: string;
  status?: 'delivered';
}

/**
 * Edits the content (the note becomes `updated`, and counts as edited for regeneration) and/or
 * marks it delivered; a delivered note's content cannot change. Written with the client's note
 * periods under their version, so an edit and a regeneration of the same note never interleave.
 * The delivering write also keeps the parent report's inputs (delivered-report.ts).
 */
export async function updateProgressNote(auth: AuthContext, noteId: string, change: NoteChange): Promise<ProgressNote> {
  let clean: string | undefined;
  if (change.content !== undefined) {
    clean = sanitizeRichText(change.content);
    // The schema refuses blank input; markup that sanitizes to nothing is just as empty.
    if (!plainText(clean)) throw new BadRequestError('Content is required', [{ path: 'content', message: 'Content is required' }]);
  }
  const { updated, client } = await retryOnConflict(async () => {
    const { note, client } = await getVisibleNote(auth, noteId);
    if (clean !== undefined && note.status === 'delivered') throw new ConflictError(DELIVERED_NOTE_LOCKED);
    const set = await readNotePeriods(auth.accountId, note.clientId);
    const record = set.notes[noteId] ?? periodRecordOf(note);
    const edited = clean !== undefined;
    const updated: ProgressNoteItem = {
      ...note,
      ...(edited ? { content: clean } : {}),
      status: change.status ?? (edited ? 'updated' : note.status),
      updatedAt: nowIso(),
      updatedBy: auth.userId,
    };
    const notes = { ...set.notes, [noteId]: { ...record, status: updated.status, edited: record.edited || edited } };
    // Delivery keeps what the parent report shows now, in the same write (part 4 §1.4; see delivered-report.ts).
    const kept = updated.status === 'delivered' && note.status !== 'delivered' ? deliveredInputPuts(auth.accountId, noteId, await loadParentReport(auth.accountId, client, updated)) : [];
    // Written only over the note as read: a delivery or an edit committed since fails this write,
    // and the retry decides again on the note as it now is.
    await transact([notePeriodsWrite(auth.accountId, set, notes), putNoteItem(updated, note.updatedAt), ...kept]);
    return { updated, client };
  });
  const delivered = change.status === 'delivered';
  await recordAudit(auth.accountId, {
    action: delivered ? 'progress_note.delivered' : 'progress_note.updated',
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: 'progressNote',
    entityId: noteId,
    summary: delivered ? (clean !== undefined ? 'Edited and delivered a progress note' : 'Marked a progress note delivered') : 'Edited a progress note',
  });
  return toProgressNote(updated, client);
}

export async function deleteProgressNote(auth: AuthContext, noteId: string): Promise<{ ok: true }> {
  await retryOnConflict(async () => {
    const { note } = await getVisibleNote(auth, noteId);
    if (note.status === 'delivered') throw new ConflictError(DELIVERED_NOTE_UNDELETABLE);
    // The delete is conditioned on the note not being delivered (deleteNoteItems): a delivery
    // committed since this read fails it, and the retry reads the note delivered.
    const set = await readNotePeriods(auth.accountId, note.clientId);
    const notes = Object.fromEntries(Object.entries(set.notes).filter(([id]) => id !== noteId));
    const items: TxItem[] = [notePeriodsWrite(auth.accountId, set, notes), ...deleteNoteItems(note)];
    await transact(items);
  });
  await recordAudit(auth.accountId, {
    action: 'progress_note.deleted',
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: 'progressNote',
    entityId: noteId,
    summary: 'Deleted a progress note',
  });
  return { ok: true };
}

