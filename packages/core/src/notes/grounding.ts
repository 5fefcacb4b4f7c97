/**
 * The grounding check: every number a note states must be one of the facts. A model that invents
 * "improved to 85%" is caught here rather than by a parent reading the note.
 *
 * Two exceptions: the period's own dates are removed before numbers are read (in the formats a
 * note writes them), with the period's years allowed on their own ('the 2024 school year'); and
 * so is the client's name, which is not a fact but may hold a digit ('Student 12'). Numbers are
 * read from the note's plain text, so markup cannot hide or add any.
 */
import { plainText } from '../plain-text.ts';
import { dateSpellings } from './dates.ts';
import { factNumbers, type Period, type ProgressFacts } from './facts.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The period's dates in every accepted spelling, longest first so 'March 5, 2024' wins over 'March 5'. */
function periodDateSpellings(period: Period): string[] {
  const spellings = [period.start, period.end].flatMap(dateSpellings);
  return [...new Set(spellings)].sort((a, b) => b.length - a.length);
}

function withoutNamesAndDates(text: string, facts: ProgressFacts): string {
  const names = [facts.client.displayName, facts.client.firstName].filter((n) => /\d/.test(n));
  return [...names, ...periodDateSpellings(facts.period)].reduce(
    (t, spelling) => t.replace(new RegExp(`(?<![\\w/-])${escapeRegExp(spelling)}(?![\\w/])`, 'gi'), ' '),
    text,
  );
}

/** Numbers as written: '1,200' is one number, '60%, 70%' two; a sign is prose, not part of it. */
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;

/** The numbers in a note (as written) that are not among the facts; empty when the note is grounded. */
export function ungroundedNumbers(noteHtml: string, facts: ProgressFacts): string[] {
  const allowed = factNumbers(facts);
  for (const d of [facts.period.start, facts.period.end]) allowed.add(Number(d.slice(0, 4)));
  const text = withoutNamesAndDates(plainText(noteHtml), facts);
  const found = [...text.matchAll(NUMBER)].map((m) => m[0]);
  return [...new Set(found.filter((n) => !allowed.has(Number(n.replace(/,/g, '')))))];
}
