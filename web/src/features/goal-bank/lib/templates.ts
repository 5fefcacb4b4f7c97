/**
 * Templates' blanks: `[student]`, `[sound]`, `[accuracy]`… A template fills the goal form with the
 * client's first name for `[student]`; the other blanks are the clinician's to fill.
 */

const BLANK = /\[[^[\]\n]{1,40}\]/g;
const STUDENT = /\[student\]/gi;

/** The text with every `[student]` replaced by the first name (left as is without a name). */
export const withStudent = (text: string, firstName: string | undefined) => (firstName ? text.replace(STUDENT, () => firstName) : text);

/** The blanks still in these texts, each once, in order of appearance. */
export function blanksIn(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => text.match(BLANK) ?? []))];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A goal's text worded for any student: the client's first name, as a whole word written the same
 * way, becomes `[student]` (the clinician sees the result before saving it as a template).
 */
export function asTemplateText(text: string, firstName: string | undefined): string {
  const name = firstName?.trim();
  if (!name) return text;
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'gu'), '[student]');
}
