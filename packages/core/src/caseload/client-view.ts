import type { Client } from '@caseload/contract/caseload';
import type { ListedClient } from './client-lists.ts';

/** The users who serve a client; clients written before assignments read as served by their creator. */
export const cliniciansOf = (c: { clinicianIds?: string[]; createdBy?: string }): string[] => c.clinicianIds ?? (c.createdBy ? [c.createdBy] : []);

/** A client as answers show it (and caseload entries copy it), from its item or an entry. */
export function toClient(c: ListedClient): Client {
  return {
    id: c.id,
    organizationId: c.organizationId,
    firstName: c.firstName,
    lastInitial: c.lastInitial,
    gradeLevel: c.gradeLevel,
    sessionFrequency: c.sessionFrequency,
    teacher: c.teacher,
    diagnosis: c.diagnosis,
    // Clients written before the service log have neither: no codes, not Medicaid-eligible.
    icd10Codes: c.icd10Codes ?? [],
    medicaidEligible: c.medicaidEligible ?? false,
    // Kept on the client, not copied to caseload entries: lists leave it out.
    homeLanguage: 'homeLanguage' in c ? c.homeLanguage : undefined,
    status: c.status,
    clinicianIds: cliniciansOf(c),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
