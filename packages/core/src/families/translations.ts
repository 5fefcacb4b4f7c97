/**
 * A note's text in the family's language (part 4 §6): drafted by the AI from the English note
 * (grounded: its numbers must be the English note's) or written by a clinician, and shared or
 * printed only once a clinician has reviewed it. Stored beside the note (`NTRANS#<note>#<lang>`);
 * a delivered note's English never changes, so a reviewed translation stays true to it.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TRANSLATION_NOT_FOR_DELIVERED, TRANSLATION_NOT_REVIEWED, type NoteTranslationAnswer, type ReportLanguage } from '@caseload/contract/families';
import { recordAudit } from '../audit.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, queryPartition } from '../db.ts';
import { ConflictError } from '../errors.ts';
import type { NoteTranslation } from '../items.ts';
import { entity, familyKeys } from '../keys.ts';
import { actorOf, getVisibleNote } from '../notes/service.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { tableName } from '../table.ts';

type Foreign = Exclude<ReportLanguage, 'en'>;

export async function getTranslation(accountId: string, noteId: string, language: Foreign): Promise<NoteTranslation | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: familyKeys.noteTranslation(accountId, noteId, language), ConsistentRead: true }));
  return res.Item as NoteTranslation | undefined;
}

/** The languages a note can be read in: English, then those of its reviewed translations. */
export async function reviewedLanguages(accountId: string, noteId: string): Promise<ReportLanguage[]> {
  const items = await queryPartition<NoteTranslation>({ pk: familyKeys.noteTranslation(accountId, noteId, '').PK, skPrefix: familyKeys.noteTranslation(accountId, noteId, '').SK, consistent: true });
  return ['en', ...items.filter((t) => t.reviewedAt).map((t) => t.language)];
}

/** The note's reviewed translation into `language`; 409 when there is none or it is not reviewed. */
export async function reviewedTranslationOf(accountId: string, noteId: string, language: Foreign): Promise<NoteTranslation & { reviewedAt: string; reviewedByName: string }> {
  const translation = await getTranslation(accountId, noteId, language);
  if (!translation?.reviewedAt || !translation.reviewedByName) throw new ConflictError(TRANSLATION_NOT_REVIEWED);
  return translation as NoteTranslation & { reviewedAt: string; reviewedByName: string };
}

const toAnswer = (t: NoteTranslation): NoteTranslationAnswer => ({
  language: t.language as Foreign,
  text: t.text,
  draftedBy: t.draftedBy,
  reviewedBy: t.reviewedByName ?? null,
  reviewedAt: t.reviewedAt ?? null,
});

export async function storeTranslation(auth: AuthContext, translation: NoteTranslation, action: string, summary: string): Promise<NoteTranslationAnswer> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...familyKeys.noteTranslation(auth.accountId, translation.noteId, translation.language), type: entity.noteTranslation, ...translation } }));
  const actor = actorOf(auth);
  await recordAudit(auth.accountId, { action, actorId: actor.userId, actorName: actor.actorName, entityType: 'progress_note', entityId: translation.noteId, summary: `${actor.actorName} ${summary}` });
  return toAnswer(translation);
}

export async function deliveredNote(auth: AuthContext, noteId: string) {
  const { note } = await getVisibleNote(auth, noteId);
  if (note.status !== 'delivered') throw new ConflictError(TRANSLATION_NOT_FOR_DELIVERED);
  return note;
}

/** The clinician's reviewed translation: from now on the note may be shared and printed in that language. */
export async function reviewTranslation(auth: AuthContext, noteId: string, language: Foreign, text: string): Promise<NoteTranslationAnswer> {
  await deliveredNote(auth, noteId);
  const before = await getTranslation(auth.accountId, noteId, language);
  const at = nowIso();
  const actor = actorOf(auth);
  return storeTranslation(
    auth,
    { accountId: auth.accountId, noteId, language, text: sanitizeRichText(text), draftedBy: before?.draftedBy ?? 'clinician', updatedAt: at, reviewedBy: auth.userId, reviewedByName: actor.actorName, reviewedAt: at },
    'note_translation.review',
    'reviewed a translation of a progress note',
  );
}
