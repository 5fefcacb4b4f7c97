import type { AuthContext } from '../context.ts';

/** The name an audit event, a note or a job records for the user acting: first and last name. */
export const actorName = (auth: Pick<AuthContext, 'firstName' | 'lastName'>) => `${auth.firstName} ${auth.lastName}`;
