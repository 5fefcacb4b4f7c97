/**
 * Clients as every feature reads them: how a client is named, the server's list and name search, and
 * what a link to the clients pages may carry. Lower than any feature, so the features that list or
 * pick clients (sessions, progress notes, reports, the dashboard, minutes) do not import the clients
 * feature, whose pages in turn compose those features' cards and dialogs (no import circle).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Client } from '@caseload/contract/caseload';
import type { ClientStatus, GradeLevel } from '@caseload/contract/enums';
import { gradeLevelLabels } from '@caseload/contract/enums';
import { apiQuery, queryKeyFor, type ApiResponse } from './api.ts';
import { cacheTimes } from './query-client.ts';

/** 'Emma S.' — the only name the product stores (first name and last initial, for HIPAA). */
export const clientName = (client: Pick<Client, 'firstName' | 'lastInitial'>) => `${client.firstName} ${client.lastInitial}.`;

export const shortId = (id: string) => id.slice(0, 8);

export const gradeLabel = (grade: GradeLevel | undefined) => (grade ? gradeLevelLabels[grade] : undefined);

/** Pick lists show at most this many matches of a search; typing more of the name finds the rest. */
export const PICK_LIST_LIMIT = 50;

/** What GET /api/clients filters by on the server (paging aside). */
export interface ClientQuery {
  assignedTo?: string;
  status?: ClientStatus;
  organizationId?: string;
  gradeLevel?: GradeLevel;
  /** A prefix of the first name, or of 'First L' (the server's name search). */
  search?: string;
}

/** What a link to the client page may carry: the record (the clients table) or just the name (the minutes page). */
export interface ClientPageState {
  client?: Client;
  name?: string;
}

/** Navigation state that opens the Add New Client dialog on arrival (the dashboard's 'Add New Client'). */
export interface ClientsPageState {
  addClient?: boolean;
}

export type ListAnswer = ApiResponse<'listClients'>;
export interface ClientPage {
  items: Client[];
  nextCursor?: string;
}

/** With `limit` the server answers a page; without it the whole (filtered) list, as before paging. */
export const asPage = (answer: ListAnswer): ClientPage => (Array.isArray(answer) ? { items: answer } : answer);
const asList = (answer: ListAnswer): Client[] => (Array.isArray(answer) ? answer : answer.items);

export const CLIENTS = queryKeyFor('listClients');

/**
 * The whole filtered list (no paging): the progress-notes page names its notes' clients from it.
 * Keep `query` narrow (a caseload, a search): a district's whole roster runs to thousands.
 */
export function useClients(query: ClientQuery = {}, enabled = true) {
  return useQuery({ ...apiQuery('listClients', { query }), select: asList, placeholderData: keepPreviousData, staleTime: cacheTimes.clients, enabled });
}

/**
 * A pick list's choices: the first `limit` clients matching a name prefix, from the server.
 * The previous answer stays while the next search runs, so the list never blinks empty.
 */
export function useClientSearch(query: ClientQuery, limit: number, enabled = true) {
  return useQuery({
    ...apiQuery('listClients', { query: { ...query, limit } }),
    select: (answer: ListAnswer) => asPage(answer),
    placeholderData: keepPreviousData,
    staleTime: cacheTimes.clients,
    enabled,
  });
}
