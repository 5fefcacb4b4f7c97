import { clientInput, type Client, type ClientInput } from '@caseload/contract/caseload';
import type { ClientStatus, GradeLevel } from '@caseload/contract/enums';
import type { ReportLanguage } from '@caseload/contract/families';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';

/** The client form as the inputs hold it: strings, with 'none' for 'Not specified' selects. */
export interface ClientFormValues {
  firstName: string;
  lastInitial: string;
  organizationId: string;
  gradeLevel: GradeLevel | 'none';
  sessionFrequency: string;
  teacher: string;
  diagnosis: string;
  status: ClientStatus;
  /** The users who serve the client (the Clinicians multi-select). */
  clinicianIds: string[];
  /** ICD-10 codes as typed, separated by commas or spaces (see icd10CodesOf). */
  icd10Codes: string;
  medicaidEligible: boolean;
  /** The language the family reads reports in. */
  homeLanguage: ReportLanguage;
}

export type ClientField = keyof ClientFormValues;

export const NONE = 'none';

/** Sessions per week default 1, status default active, and the user adding the client as its clinician. */
export const emptyClientForm = (currentUserId: string | undefined): ClientFormValues => ({
  firstName: '',
  lastInitial: '',
  organizationId: NONE,
  gradeLevel: NONE,
  sessionFrequency: '1',
  teacher: '',
  diagnosis: '',
  status: 'active',
  clinicianIds: currentUserId ? [currentUserId] : [],
  icd10Codes: '',
  medicaidEligible: false,
  homeLanguage: 'en',
});

export function valuesFromClient(client: Client): ClientFormValues {
  return {
    firstName: client.firstName,
    lastInitial: client.lastInitial,
    organizationId: client.organizationId ?? NONE,
    gradeLevel: client.gradeLevel ?? NONE,
    sessionFrequency: client.sessionFrequency === undefined ? '' : String(client.sessionFrequency),
    teacher: client.teacher ?? '',
    diagnosis: client.diagnosis ?? '',
    status: client.status,
    clinicianIds: [...client.clinicianIds],
    icd10Codes: client.icd10Codes.join(', '),
    medicaidEligible: client.medicaidEligible,
    homeLanguage: client.homeLanguage ?? 'en',
  };
}

/** 'f80.0, F80.89 R47.1' → ['f80.0', 'F80.89', 'R47.1']: the schema upper-cases and checks each. */
export const icd10CodesOf = (typed: string): string[] => typed.split(/[\s,]+/).filter(Boolean);

/**
 * What the Last Initial input keeps of a keystroke or paste: one character (a code point, so a
 * letter outside the basic plane counts as one), upper-cased. A letter whose upper case is two
 * letters (ß → SS) keeps its own form, as the server stores it.
 */
export function lastInitialInput(raw: string): string {
  const first = [...raw.normalize('NFC').replace(/\s/g, '')][0] ?? '';
  const upper = first.toUpperCase();
  return [...upper].length === 1 ? upper : first;
}

export type ClientFormResult = { ok: true; body: ClientInput } | { ok: false; errors: FieldErrors };

/** The same schema the server uses, so the messages are the spec's and written once. */
export function validateClientForm(values: ClientFormValues): ClientFormResult {
  const parsed = clientInput.safeParse({ ...values, icd10Codes: icd10CodesOf(values.icd10Codes) });
  if (!parsed.success) return { ok: false, errors: zodFieldErrors(parsed.error) };
  return { ok: true, body: parsed.data };
}
