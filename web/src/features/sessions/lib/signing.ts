import { format } from 'date-fns';
import type { CurrentUser } from '@caseload/contract/auth';
import { roleLabels } from '@caseload/contract/enums';
import type { SessionNote } from '@caseload/contract/sessions';
import { SIGNED_NOTE, type Signature } from '@caseload/contract/signatures';
import { errorMessage, isApiError } from '../../../lib/api.ts';

/** The autosaved fields of one client's documentation; signing saves what they have waiting first. */
export const notesSaveKey = (sessionId: string, clientId: string) => `notes:${sessionId}:${clientId}`;
export const progressSaveKey = (sessionId: string, goalId: string) => `progress:${sessionId}:${goalId}`;

/** 'Mar 9, 2026, 2:00 PM' in the user's time zone. */
export const signedAt = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');

/** 'Signed by Jane Doe (Speech-Language Pathologist) on Mar 9, 2026, 2:00 PM'. */
export const signatureLine = (verb: 'Signed' | 'Co-signed', signature: Signature) =>
  `${verb} by ${signature.name} (${roleLabels[signature.role]}) on ${signedAt(signature.at)}`;

/** A save refused because the note was signed meanwhile (on another device, by another user). */
export const isSignedRefusal = (error: unknown) => isApiError(error, 409) && errorMessage(error, '') === SIGNED_NOTE;

export const awaitsCosignature = (note: SessionNote | undefined) => note?.signature?.role === 'assistant' && !note.cosignature;

/** Co-signing: an SLP, of an assistant's note not yet co-signed, never their own (the server checks the same). */
export function mayCosign(note: SessionNote | undefined, user: CurrentUser | null | undefined, canEditSessions: boolean): boolean {
  return canEditSessions && user?.role === 'slp' && awaitsCosignature(note) && note?.signature?.userId !== user.id;
}
