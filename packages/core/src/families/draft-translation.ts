/**
 * A draft translation of a delivered note (part 4 §6): the clinician's text, or without it the
 * AI's from the English note, grounded (notes/translation-generator.ts). Apart from translations.ts so that
 * only the drafting route's bundle carries the note generator (and declares `bedrock`).
 */
import type { NoteTranslationAnswer, ReportLanguage } from '@caseload/contract/families';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { draftGroundedTranslation, SINGLE_TRANSLATION_BUDGET_MS } from '../notes/translation-generator.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { deliveredNote, storeTranslation } from './translations.ts';

type Foreign = Exclude<ReportLanguage, 'en'>;

/** A draft translation (unreviewed): the clinician's text, or without it the AI's from the English note. */
export async function draftTranslation(auth: AuthContext, noteId: string, language: Foreign, text: string | undefined): Promise<NoteTranslationAnswer> {
  const note = await deliveredNote(auth, noteId);
  const drafted = text === undefined ? await draftGroundedTranslation(note.content, language, Date.now() + SINGLE_TRANSLATION_BUDGET_MS) : sanitizeRichText(text);
  return storeTranslation(
    auth,
    { accountId: auth.accountId, noteId, language, text: drafted, draftedBy: text === undefined ? 'ai' : 'clinician', updatedAt: nowIso() },
    'note_translation.draft',
    'drafted a translation of a progress note',
  );
}

