import type { Client } from '@caseload/contract/caseload';
import type { ListedClient } from './client-lists.ts';
import { cliniciansOf } from './clients-repo.ts';

/** A client as answers show it, from its item or a caseload entry's copy of it. */
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
    status: c.status,
    clinicianIds: 'clinicianId' in c ? c.clinicianIds : cliniciansOf(c),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
