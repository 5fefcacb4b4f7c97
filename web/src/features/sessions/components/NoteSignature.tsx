import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Session, SessionNote } from '@caseload/contract/sessions';
import { AWAITING_COSIGNATURE, NOT_COMPLETED } from '@caseload/contract/signatures';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { formatIn, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { notify } from '../../../lib/toaster.ts';
import { SessionNotePdfLink } from '../../service-log/index.ts';
import { refreshSessionNotes, useAwaitingMyCosignature, useCosignNote, useSignNote } from '../api/sessions.ts';
import { settleTrials } from '../lib/trials.ts';
import { flushAutosaves } from '../lib/useAutosave.ts';
import { awaitsCosignature, mayCosign, notesSaveKey, progressSaveKey, signatureLine, signingState } from '../lib/signing.ts';

interface NoteSignatureProps {
  sessionId: string;
  scheduledAt: string;
  /** Who provides the session and its status: only the provider signs, once it is held. */
  providerId: string;
  status: Session['status'];
  client: { id: string; firstName: string; lastInitial: string };
  clientLabel: string;
  note: SessionNote | undefined;
  /** The goals shown in the tab: their progress rows are saved before signing. */
  goalIds: readonly string[];
  canEdit: boolean;
}

/** A client's signature state: Sign note, the signature and co-signature lines, Co-sign, and the PDF. */
export function NoteSignature({ sessionId, scheduledAt, providerId, status, client, clientLabel, note, goalIds, canEdit }: NoteSignatureProps) {
  const user = useCurrentUser().data;
  const timeZone = useAccountTimeZone();
  const signing = signingState({ providerId, status, scheduledAt }, user, canEdit);
  const awaitingMine = useAwaitingMyCosignature(canEdit && user?.role === 'slp' && awaitsCosignature(note)).data;
  const sign = useSignNote(sessionId);
  const cosign = useCosignNote(sessionId);
  const [dialog, setDialog] = useState<'sign' | 'cosign' | null>(null);
  const [flushing, setFlushing] = useState(false);
  const signature = note?.signature;
  const cosignature = note?.cosignature;

  const failed = (title: string) => (error: unknown) => {
    setDialog(null);
    notify.error({ title, description: errorMessage(error, 'Please try again.') });
    // Someone else may have signed or co-signed meanwhile: show the note as it is now.
    void refreshSessionNotes(sessionId);
  };

  const confirmSign = async () => {
    // The last typed changes and scored trials are saved first: once signed, the server refuses them.
    setFlushing(true);
    const [typed, scored] = await Promise.all([
      flushAutosaves([notesSaveKey(sessionId, client.id), ...goalIds.map((goalId) => progressSaveKey(sessionId, goalId))]),
      settleTrials(sessionId, client.id),
    ]);
    const saved = typed && scored;
    setFlushing(false);
    if (!saved) {
      setDialog(null);
      notify.error({ title: 'Note not signed', description: `Some changes for ${clientLabel} are not saved yet. Sign once they are saved.` });
      return;
    }
    sign.mutate(client.id, {
      onSuccess: () => {
        setDialog(null);
        notify.success({ title: 'Note signed', description: `The session note for ${clientLabel} is signed.` });
      },
      onError: failed('Failed to sign note'),
    });
  };

  const confirmCosign = () =>
    cosign.mutate(client.id, {
      onSuccess: () => {
        setDialog(null);
        notify.success({ title: 'Note co-signed', description: `The session note for ${clientLabel} is co-signed.` });
      },
      onError: failed('Failed to co-sign note'),
    });

  const fileName = `session-note-${formatIn(scheduledAt, 'yyyy-MM-dd', timeZone)}-${client.firstName}-${client.lastInitial}.pdf`;

  return (
    <Flex as="section" aria-label={`Signature for ${clientLabel}`} justify="space-between" align="flex-start" gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <Stack gap="1" minW="0" flex="1 1 14rem">
        {signature ? (
          <Text fontSize="sm" fontWeight="medium">
            {signatureLine('Signed', signature, timeZone)}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Not signed yet
          </Text>
        )}
        {cosignature && <Text fontSize="sm">{signatureLine('Co-signed', cosignature, timeZone)}</Text>}
        {awaitsCosignature(note) && (
          <Badge alignSelf="flex-start" colorPalette="orange">
            {AWAITING_COSIGNATURE}
          </Badge>
        )}
      </Stack>
      <Flex gap="2" wrap="wrap">
        {!signature && signing === 'sign' && (
          <Button size="sm" colorPalette="blue" onClick={() => setDialog('sign')}>
            Sign note
          </Button>
        )}
        {!signature && signing === 'not-yet' && (
          <Text fontSize="sm" color="fg.muted" alignSelf="center">
            {NOT_COMPLETED}
          </Text>
        )}
        {mayCosign(note, user, canEdit, awaitingMine, sessionId) && (
          <Button size="sm" colorPalette="blue" onClick={() => setDialog('cosign')}>
            Co-sign
          </Button>
        )}
        <SessionNotePdfLink sessionId={sessionId} clientId={client.id} fileName={fileName} />
      </Flex>
      <ConfirmDialog
        open={dialog === 'sign'}
        title="Sign note"
        description={`Signing locks the note, progress and trials for ${clientLabel} in this session. Later changes can only be added as addenda.`}
        confirmLabel="Sign"
        pending={flushing || sign.isPending}
        onConfirm={() => void confirmSign()}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'cosign'}
        title="Co-sign note"
        description={`Co-sign the session note for ${clientLabel}${signature ? `, signed by ${signature.name}` : ''}? A co-signature cannot be undone.`}
        confirmLabel="Co-sign"
        pending={cosign.isPending}
        onConfirm={confirmCosign}
        onCancel={() => setDialog(null)}
      />
    </Flex>
  );
}
