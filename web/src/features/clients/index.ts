/** The clients feature's public surface: client lists from the server and how clients are named. */
export { useClients, useClientSearch } from './api/clients.ts';
export { clientName, gradeLabel, PICK_LIST_LIMIT, shortId } from './lib/clients.ts';
export type { ClientsPageState } from './routes/ClientsPage.tsx';
export type { ClientPageState } from './routes/ClientPage.tsx';
