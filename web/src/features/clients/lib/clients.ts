import type { Client } from '@caseload/contract/caseload';
import { clientStatuses, gradeLevelLabels, gradeLevels, type ClientStatus, type GradeLevel } from '@caseload/contract/enums';

/** 'Emma S.' — the only name the product stores (first name and last initial, for HIPAA). */
export const clientName = (client: Pick<Client, 'firstName' | 'lastInitial'>) => `${client.firstName} ${client.lastInitial}.`;

export const shortId = (id: string) => id.slice(0, 8);

export const statusLabels: Record<ClientStatus, string> = { active: 'Active', inactive: 'Inactive', discharged: 'Discharged' };

export const gradeLabel = (grade: GradeLevel | undefined) => (grade ? gradeLevelLabels[grade] : undefined);

/** Spec: 'N times per week', a dash when empty. */
export const frequencyLabel = (frequency: number | undefined) => (frequency ? `${frequency} times per week` : '—');

export const ALL = 'all';
/** The organization filter's entry for clients with no organization. */
export const NO_ORGANIZATION = 'none';

export interface ClientFilters {
  search: string;
  organizationId: string;
  gradeLevel: string;
  status: string;
}

export const noFilters: ClientFilters = { search: '', organizationId: ALL, gradeLevel: ALL, status: ALL };

export const gradeFilterOptions = [
  { value: ALL, label: 'All Grades' },
  ...gradeLevels.map((grade) => ({ value: grade, label: gradeLevelLabels[grade] })),
];
export const statusFilterOptions = [
  { value: ALL, label: 'All Statuses' },
  ...clientStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
];

/** Free text matches the name ('Emma S', 'emma s.') or the diagnosis; the selects match exactly. */
export function filterClients(clients: readonly Client[], filters: ClientFilters): Client[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return clients.filter((client) => {
    if (filters.organizationId === NO_ORGANIZATION ? client.organizationId : filters.organizationId !== ALL && client.organizationId !== filters.organizationId) {
      return false;
    }
    if (filters.gradeLevel !== ALL && client.gradeLevel !== filters.gradeLevel) return false;
    if (filters.status !== ALL && client.status !== filters.status) return false;
    if (!needle) return true;
    const haystack = [client.firstName, `${client.firstName} ${client.lastInitial}`, clientName(client), client.diagnosis ?? ''];
    return haystack.some((text) => text.toLocaleLowerCase().includes(needle));
  });
}

/** Alphabetical by name, so a clinician finds a child where they expect it. */
export function sortClients(clients: Client[]): Client[] {
  return clients.sort((a, b) => clientName(a).localeCompare(clientName(b)) || a.id.localeCompare(b.id));
}

/** Pick lists render at most this many clients; a search finds the rest (a district has thousands). */
export const PICK_LIST_LIMIT = 100;

/** A pick list's search: the name ('emma s.') or the start of the id shown beside it. */
export function matchesPickSearch(client: Client, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return !needle || clientName(client).toLocaleLowerCase().includes(needle) || client.id.startsWith(needle);
}

/** The rows of a pick list: every ticked client, and the others in order up to `limit` rows in all. */
export function limitPickList(clients: readonly Client[], ticked: readonly string[], limit = PICK_LIST_LIMIT): { shown: Client[]; hidden: number } {
  let room = Math.max(0, limit - clients.filter((c) => ticked.includes(c.id)).length);
  const shown = clients.filter((c) => ticked.includes(c.id) || (room > 0 && room-- > 0));
  return { shown, hidden: clients.length - shown.length };
}
