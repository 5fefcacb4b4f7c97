/**
 * A note's text in the family's language (part 4 §6): a share or a report in a language other than
 * English shows the note's translation, and only once a clinician has reviewed it.
 */
import { TRANSLATION_NOT_REVIEWED, type ReportLanguage } from '@caseload/contract/families';
import { ConflictError } from '../errors.ts';
import type { NoteTranslation, ProgressNoteItem } from '../items.ts';

/** The note's reviewed translation into `language`; 409 when there is none or it is not reviewed. */
export function reviewedTranslationOf(note: Pick<ProgressNoteItem, 'translations'>, language: Exclude<ReportLanguage, 'en'>): NoteTranslation & { reviewedAt: string; reviewedByName: string } {
  const translation = note.translations?.[language];
  if (!translation?.reviewedAt || !translation.reviewedByName) throw new ConflictError(TRANSLATION_NOT_REVIEWED);
  return translation as NoteTranslation & { reviewedAt: string; reviewedByName: string };
}
