/**
 * The mapping of part 4 §3, as pure functions over one CSV row. A student row gives exactly four
 * things: first name, last initial, grade and school. Its password, phone, sms, e-mail, middle
 * name, full family name, agents and demographics are never read into anything that is stored
 * or logged: the functions below return only the four fields.
 */
import { hasNoInvisibleFormatting, hasOnlyAllowedCharacters } from '@caseload/contract/common';
import type { GradeLevel } from '@caseload/contract/enums';
import { field, listField } from './oneroster.ts';

export const STAFF_ROLES = new Set([
  'teacher',
  'aide',
  'administrator',
  'counselor',
  'principal',
  'proctor',
  'siteadministrator',
  'districtadministrator',
  'systemadministrator',
]);
/** Rows of these roles are ignored (guardians are no part of a caseload). */
export const IGNORED_ROLES = new Set(['guardian', 'parent', 'relative']);

export type RowKind = 'student' | 'staff' | 'ignored' | 'unknown';
export function kindOfRole(role: string | undefined): RowKind {
  const r = role?.trim().toLowerCase();
  if (!r) return 'unknown';
  if (r === 'student') return 'student';
  if (STAFF_ROLES.has(r)) return 'staff';
  if (IGNORED_ROLES.has(r)) return 'ignored';
  return 'unknown';
}

/** `PK` → PreK, `KG` → K, `01`–`12` → 1–12; anything else leaves the grade empty. */
export function gradeOf(grades: string[]): GradeLevel | undefined {
  const first = grades[0]?.toUpperCase();
  if (!first) return undefined;
  if (first === 'PK') return 'PreK';
  if (first === 'KG') return 'K';
  if (/^(0[1-9]|1[0-2])$/.test(first)) return String(Number(first)) as GradeLevel;
  return undefined;
}

export interface StudentFields {
  firstName: string;
  lastInitial: string;
  gradeLevel?: GradeLevel;
}

const MAX_FIRST_NAME = 100;

/**
 * A student's stored fields, or the reason the row cannot give them. The first name is the
 * preferred one when the file has it (OneRoster 1.2: preferredGivenName; the spec's
 * preferredFirstName is read too), the last initial the first letter of the preferred or family
 * name, upper-cased; the rest of the family name is dropped here.
 */
export function studentFields(row: Record<string, string>): StudentFields | { error: string } {
  const firstName = field(row, 'preferredFirstName', 'preferredGivenName', 'givenName')?.normalize('NFC');
  if (!firstName) return { error: 'The student has no first name (givenName)' };
  if (firstName.length > MAX_FIRST_NAME || !hasOnlyAllowedCharacters(firstName, 'name') || !hasNoInvisibleFormatting(firstName)) {
    return { error: 'The first name has characters that are not allowed, or is too long' };
  }
  const last = field(row, 'preferredLastName', 'preferredFamilyName', 'familyName')?.normalize('NFC');
  const letter = last ? [...last][0] : undefined;
  if (!letter || !/^\p{L}$/u.test(letter)) return { error: 'The student has no family name starting with a letter (familyName)' };
  const upper = letter.toUpperCase();
  return { firstName, lastInitial: [...upper].length === 1 ? upper : letter, gradeLevel: gradeOf(listField(row, 'grades')) };
}

/** `enabledUser` is false (any case); absent or anything else reads as enabled. */
export const isDisabled = (row: Record<string, string>) => field(row, 'enabledUser')?.toLowerCase() === 'false';
/** A delta row to delete. */
export const isToBeDeleted = (row: Record<string, string>) => field(row, 'status')?.toLowerCase() === 'tobedeleted';
