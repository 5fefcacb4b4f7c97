/** The clients feature's public surface: the caseload list and how clients are named, sorted and picked. */
export { useClients } from './api/clients.ts';
export { clientName, gradeLabel, limitPickList, matchesPickSearch, NO_ORGANIZATION, shortId, sortClients } from './lib/clients.ts';
export type { ClientsPageState } from './routes/ClientsPage.tsx';
