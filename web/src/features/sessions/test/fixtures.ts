import type { Client } from '@caseload/contract/caseload';
import type { ParticipantStatus } from '@caseload/contract/enums';
import type { Session } from '@caseload/contract/sessions';

/** When the session takes place, and when every fixture was created and updated. */
export const at = '2026-03-09T14:00:00.000Z';
export const sessionId = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001';

/**
 * The session the sessions tests open: a 30-minute completed therapy session at `at` run by
 * `providerId`, with these clients each `participantStatus` (present unless told); `over` changes
 * any other field.
 */
export function testSession(clients: readonly Client[], providerId: string, over: Partial<Session> = {}, participantStatus: ParticipantStatus = 'present'): Session {
  return {
    id: sessionId,
    type: 'therapy',
    status: 'completed',
    scheduledAt: at,
    duration: 30,
    providerId,
    createdAt: at,
    updatedAt: at,
    participants: clients.map(({ id, firstName, lastInitial }) => ({ id, firstName, lastInitial })),
    sessionParticipants: clients.map((client) => ({ clientId: client.id, client, status: participantStatus })),
    ...over,
  };
}
