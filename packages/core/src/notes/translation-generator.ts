/**
 * A note's translation drafted by the configured generator (families/draft-translation.ts), apart
 * from generator.ts so the note-generating routes' bundles do not carry it.
 */
import { BadRequestError, NoteGenerationError } from '../errors.ts';
import { logger } from '../observability.ts';
import { plainText } from '../plain-text.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { noteGenerator } from './generator.ts';

/** Time for drafting one translation on its route: inside its 29 s, with room to store it. */
export const SINGLE_TRANSLATION_BUDGET_MS = 25_000;

export const NO_LOCAL_TRANSLATION = 'The local note generator offers no translation: write the translation and review it';
export const UNGROUNDED_TRANSLATION = 'The AI service returned a translation with numbers that do not match the English note. Please try again.';

/** The numbers a text states (as written), for comparing a translation with its English. */
const numbersIn = (html: string) => new Set([...plainText(html).matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => m[0].replace(/[.,]/g, '')));

/** The numbers a translation states that its English does not: empty when it is grounded. */
export function numbersNotIn(translatedHtml: string, englishHtml: string): string[] {
  const english = numbersIn(englishHtml);
  return [...numbersIn(translatedHtml)].filter((n) => !english.has(n));
}

/**
 * The note drafted in another language by the configured generator, checked as notes are: every
 * number must be one the English note states (asked again once with the reason, then refused).
 * The local generator offers none (400 with NO_LOCAL_TRANSLATION).
 */
export async function draftGroundedTranslation(englishHtml: string, language: string, deadline: number): Promise<string> {
  const generator = noteGenerator();
  if (!generator.translate) throw new BadRequestError(NO_LOCAL_TRANSLATION);
  let feedback: string | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    const html = sanitizeRichText(await generator.translate(englishHtml, language, { signal: AbortSignal.timeout(remaining), feedback }));
    const invented = numbersNotIn(html, englishHtml);
    if (invented.length === 0) return html;
    logger.warn('translation_ungrounded', { attempt, count: invented.length });
    feedback = `Your previous translation stated numbers that are not in the English note: ${invented.join(', ')}. Translate again keeping exactly the English note's numbers.`;
  }
  throw new NoteGenerationError(UNGROUNDED_TRANSLATION, false);
}
