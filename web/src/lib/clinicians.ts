import { useQuery } from '@tanstack/react-query';
import type { Clinician } from '@caseload/contract/caseload';
import { apiQuery } from './api.ts';
import { cacheTimes } from './query-client.ts';

export type { Clinician };

export const clinicianName = (clinician: Pick<Clinician, 'firstName' | 'lastName'>) => `${clinician.firstName} ${clinician.lastName}`;

/**
 * The account's active users who may see `organizationId` (for a client's Clinicians and a
 * session's Provider), or, without one, those who see every organization. Sorted by name.
 */
export function useClinicians(organizationId?: string, enabled = true) {
  return useQuery({
    ...apiQuery('listClinicians', { query: organizationId ? { organizationId } : {} }),
    staleTime: cacheTimes.organizations,
    enabled,
  });
}
