import type { CurrentUser } from '@caseload/contract/auth';
import { roleLabels } from '@caseload/contract/enums';
import type { Session, SessionNote } from '@caseload/contract/sessions';
import { SIGNED_NOTE, type PendingNote, type Signature } from '@caseload/contract/signatures';
import { formatIn } from '../../../lib/account-time-zone.ts';
import { errorMessage, isApiError } from '../../../lib/api.ts';

/** The autosaved fields of one client's documentation; signing saves what they have waiting first. */
export const notesSaveKey = (sessionId: string, clientId: string) => `notes:${sessionId}:${clientId}`;
export const progressSaveKey = (sessionId: string, goalId: string) => `progress:${sessionId}:${goalId}`;

/** 'Mar 9, 2026, 2:00 PM' in the account's time zone. */
export const signedAt = (iso: string, timeZone: string | undefined) => formatIn(iso, 'MMM d, yyyy, h:mm a', timeZone);

/** 'Signed by Jane Doe (Speech-Language Pathologist) on Mar 9, 2026, 2:00 PM'. */
export const signatureLine = (verb: 'Signed' | 'Co-signed', signature: Signature, timeZone: string | undefined) =>
  `${verb} by ${signature.name} (${roleLabels[signature.role]}) on ${signedAt(signature.at, timeZone)}`;

/** A save refused because the note was signed meanwhile (on another device, by another user). */
export const isSignedRefusal = (error: unknown) => isApiError(error, 409) && errorMessage(error, '') === SIGNED_NOTE;

export const awaitsCosignature = (note: SessionNote | undefined) => note?.signature?.role === 'assistant' && !note.cosignature;

/**
 * Signing (part 4 §1.4): 'sign' for the session's provider, an SLP or an assistant, once the session
 * is completed and has begun; 'not-yet' for that provider before then; 'no' for anyone else. The
 * server decides the same.
 */
export function signingState(
  session: Pick<Session, 'providerId' | 'status' | 'scheduledAt'>,
  user: CurrentUser | null | undefined,
  canEditSessions: boolean,
): 'sign' | 'not-yet' | 'no' {
  if (!canEditSessions || !user || user.id !== session.providerId || (user.role !== 'slp' && user.role !== 'assistant')) return 'no';
  return session.status === 'completed' && Date.parse(session.scheduledAt) <= Date.now() ? 'sign' : 'not-yet';
}

/**
 * Co-signing: an SLP, of an assistant's note not yet co-signed, never their own, and only while the
 * note is among those awaiting the user's co-signature (the assistant's supervisors, as the server
 * lists them; it checks the same when co-signing).
 */
export function mayCosign(
  note: SessionNote | undefined,
  user: CurrentUser | null | undefined,
  canEditSessions: boolean,
  awaitingMine: readonly Pick<PendingNote, 'sessionId' | 'clientId'>[] | undefined,
  sessionId: string,
): boolean {
  if (!canEditSessions || user?.role !== 'slp' || !awaitsCosignature(note) || note?.signature?.userId === user.id) return false;
  return awaitingMine?.some((p) => p.sessionId === sessionId && p.clientId === note?.clientId) ?? false;
}
