import { clientStatuses, gradeLevelLabels, gradeLevels, type ClientStatus, type GradeLevel } from '@caseload/contract/enums';
import type { ClientQuery } from '../../../lib/clients.ts';

export const statusLabels: Record<ClientStatus, string> = { active: 'Active', inactive: 'Inactive', discharged: 'Discharged' };

/** Spec: 'N times per week' ('1 time per week'), a dash when empty. */
export const frequencyLabel = (frequency: number | undefined) => (frequency ? `${frequency} ${frequency === 1 ? 'time' : 'times'} per week` : '—');

export const ALL = 'all';

/** Rows per page of the clients page, read from the server with `limit` and `cursor`. */
export const CLIENT_PAGE_SIZE = 50;

/** The clients page's filters as the inputs and the URL hold them ('all' for no filter). */
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

const isStatus = (v: string): v is ClientStatus => (clientStatuses as readonly string[]).includes(v);
const isGrade = (v: string): v is GradeLevel => (gradeLevels as readonly string[]).includes(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The server's limit on a search (longer prefixes match nothing more). */
export const SEARCH_MAX_LENGTH = 100;

/** The filters a URL carries; a value the server would refuse (a hand-edited link) counts as no filter. */
export function filtersFromParams(params: URLSearchParams): ClientFilters {
  const status = params.get('status') ?? '';
  const gradeLevel = params.get('gradeLevel') ?? '';
  const organizationId = params.get('organizationId') ?? '';
  return {
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH),
    status: isStatus(status) ? status : ALL,
    gradeLevel: isGrade(gradeLevel) ? gradeLevel : ALL,
    organizationId: UUID.test(organizationId) ? organizationId : ALL,
  };
}

/** `params` with `filters` written in: a filter left at 'all' (or an empty search) leaves the URL. */
export function withFilters(params: URLSearchParams, filters: ClientFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['search', 'status', 'gradeLevel', 'organizationId'] as const) {
    // The search goes in as typed: trimming it here would take a space from under the typist ('Emma S').
    const value = filters[key];
    if (value.trim() && value !== ALL) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** Whether any filter narrows the list (the caseload switch aside). */
export const hasFilters = (filters: ClientFilters) => Object.keys(filtersToQuery(filters, undefined)).length > 0;

/** The server query of the filters and the caseload filter ('me', 'all' or a user id). */
export function filtersToQuery(filters: ClientFilters, assignedTo: string | undefined): ClientQuery {
  const search = filters.search.trim();
  return {
    ...(assignedTo ? { assignedTo } : {}),
    ...(isStatus(filters.status) ? { status: filters.status } : {}),
    ...(filters.organizationId !== ALL ? { organizationId: filters.organizationId } : {}),
    ...(isGrade(filters.gradeLevel) ? { gradeLevel: filters.gradeLevel } : {}),
    ...(search ? { search } : {}),
  };
}
