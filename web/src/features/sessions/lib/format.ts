import { cancelReasonLabels, cancelReasons, type CancelReason, type ParticipantStatus } from '@caseload/contract/enums';
import type { Session } from '@caseload/contract/sessions';
import { formatIn } from '../../../lib/account-time-zone.ts';

export { sessionTypeLabels } from '@caseload/contract/enums';

export const participantStatusLabels: Record<ParticipantStatus, string> = {
  scheduled: 'Scheduled',
  present: 'Present',
  absent: 'Absent',
  canceled: 'Canceled',
};

/** The five reasons of part 4 §1.3, for the selects that ask why a session or a participation was canceled. */
export const cancelReasonOptions = cancelReasons.map((reason) => ({ value: reason, label: cancelReasonLabels[reason] }));
export const CANCEL_REASON_PLACEHOLDER = 'Choose a reason';

/** 'Canceled: Provider unavailable', or plain 'Canceled' for one canceled before reasons were asked. */
export const canceledLabel = (reason: CancelReason | undefined) => (reason ? `Canceled: ${cancelReasonLabels[reason]}` : 'Canceled');

export const personName = (person: { firstName: string; lastInitial: string }) => `${person.firstName} ${person.lastInitial}.`;

/** 'Ava S., Ben T.' — or the spec's 'Unknown Client' when the session names nobody. */
export function sessionClientNames(session: Pick<Session, 'participants'>): string {
  return session.participants.length ? session.participants.map(personName).join(', ') : 'Unknown Client';
}

/**
 * The clients of a session, read from each participant's client id or id (spec: Edit Session
 * dialog), de-duplicated.
 */
export function sessionClientIds(session: Pick<Session, 'participants' | 'sessionParticipants'>): string[] {
  const ids = [
    ...session.sessionParticipants.map((p) => p.clientId || p.client.id),
    ...session.participants.map((p) => p.id),
  ];
  return [...new Set(ids.filter(Boolean))];
}

export const durationLabel = (minutes: number) => `${minutes} min`;

/** 'Monday, March 9, 2026 at 9:00 AM' (session detail heading), in the account's zone. */
export const fullDateTime = (iso: string, timeZone: string | undefined) => formatIn(iso, "EEEE, MMMM d, yyyy 'at' h:mm a", timeZone);

/** '9:00 AM' in the account's zone, as the calendar writes a time. */
export const timeOf = (iso: string, timeZone: string | undefined) => formatIn(iso, 'h:mm a', timeZone);
