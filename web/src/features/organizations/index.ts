/** The organizations feature's public surface: the account's organizations, for pickers and filters. */
export { useOrganizations } from './api/organizations.ts';
