import { Alert, Box, Button, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useState } from 'react';
import { participantStatuses, type CancelReason, type ParticipantStatus } from '@caseload/contract/enums';
import type { Goal, Session, SessionNote } from '@caseload/contract/sessions';
import { SIGNED_NOTE } from '@caseload/contract/signatures';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { gradeLabel } from '../../../lib/clients.ts';
import { GoalFormDialog } from '../../goals/index.ts';
import { refreshSessionNotes, useRemoveParticipant, useUpdateParticipant } from '../api/sessions.ts';
import { CANCEL_REASON_PLACEHOLDER, cancelReasonOptions, participantStatusLabels, personName } from '../lib/format.ts';
import { useRefusedAsSigned } from '../lib/trials.ts';
import { GoalProgressRow } from './GoalProgressRow.tsx';
import { NoteAddenda } from './NoteAddenda.tsx';
import { NoteSignature } from './NoteSignature.tsx';
import { SessionNotesEditor } from './SessionNotesEditor.tsx';

type Participant = Session['sessionParticipants'][number];

/** Offline, in place of the note: notes stay on the server, never on a shared device (part 4 §2). */
export const NOTES_OFFLINE = 'Notes are not kept on this device. The note and its signature show again when the connection is back; scores are saved on the device meanwhile.';

const statusOptions = participantStatuses.map((status) => ({ value: status, label: participantStatusLabels[status] }));

interface ParticipantPanelProps {
  sessionId: string;
  scheduledAt: string;
  providerId: string;
  sessionStatus: Session['status'];
  participant: Participant;
  /** The client's note with its signatures and addenda (absent: nothing saved yet). */
  note: SessionNote | undefined;
  /** The notes could not be read for want of a network (they are never kept on the device). */
  notesOffline: boolean;
  /** This client's goals (active ones, plus any with data in this session). */
  goals: readonly Goal[];
  canEdit: boolean;
  canManageGoals: boolean;
}

/**
 * One participant's tab: attendance status, removal, the signature, notes, data per goal, and
 * addenda. Memoized (with stable props from the page): a save of one goal's data re-renders that
 * goal's row, not every tab with its editor.
 */
export const ParticipantPanel = memo(function ParticipantPanel({ sessionId, scheduledAt, providerId, sessionStatus, participant, note, notesOffline, goals, canEdit, canManageGoals }: ParticipantPanelProps) {
  const { client } = participant;
  const name = personName(client);
  const updateStatus = useUpdateParticipant(sessionId);
  const remove = useRemoveParticipant(sessionId);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [addingGoal, setAddingGoal] = useState(false);
  const [addendumText, setAddendumText] = useState('');
  // A save (an autosave, or a trials save from the queue) was refused as signed: locked at once,
  // before the notes read again shows the signature.
  const [signedElsewhere, setSignedElsewhere] = useState(false);
  const trialsRefusedAsSigned = useRefusedAsSigned(sessionId, client.id);
  const lockedElsewhere = signedElsewhere || trialsRefusedAsSigned;
  const signed = Boolean(note?.signature) || lockedElsewhere;

  useEffect(() => {
    if (signedElsewhere) void refreshSessionNotes(sessionId);
  }, [signedElsewhere, sessionId]);

  // Stable, so the memoized goal rows do not re-render with every change of this panel.
  const onSignedElsewhere = useCallback((unsavedText = '') => {
    setSignedElsewhere(true);
    // What was typed is not lost: it waits in the addendum form (unless something is already there).
    if (unsavedText.trim()) setAddendumText((current) => current || unsavedText);
  }, []);

  // Canceling asks why first (part 4 §1.3: the reason decides whether a make-up is owed), so
  // 'Canceled' waits here until a reason is chosen and then goes to the server with it.
  const [choosingReason, setChoosingReason] = useState(false);
  const shownStatus = choosingReason ? 'canceled' : participant.status;

  const sendStatus = (status: ParticipantStatus, cancelReason?: CancelReason) =>
    updateStatus.mutate(
      { clientId: client.id, status, cancelReason },
      {
        onSuccess: () => {
          setChoosingReason(false);
          notify.success({ title: 'Status updated', description: 'Client status successfully updated' });
        },
        onError: (error) => notify.error({ title: 'Failed to update status', description: errorMessage(error, 'Please try again.') }),
      },
    );

  const changeStatus = (status: ParticipantStatus) => {
    if (status === 'canceled') return setChoosingReason(true);
    setChoosingReason(false);
    sendStatus(status);
  };

  const changeReason = (reason: string) => {
    if (reason) sendStatus('canceled', reason as CancelReason);
  };

  const removeClient = () =>
    remove.mutate(client.id, {
      onSuccess: () => {
        setConfirmRemove(false);
        notify.success({ title: 'Client removed', description: 'Client successfully removed from session' });
      },
      onError: (error) => {
        setConfirmRemove(false);
        notify.error({ title: 'Failed to remove client', description: errorMessage(error, 'Please try again.') });
      },
    });

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="flex-end" gap="3" wrap="wrap">
        <Box>
          <Heading as="h3" size="md">
            {name}
          </Heading>
          <Flex gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
            {client.gradeLevel && <span>Grade: {gradeLabel(client.gradeLevel)}</span>}
            {client.diagnosis && <span>Diagnosis: {client.diagnosis}</span>}
          </Flex>
        </Box>
        <Flex gap="2" align="flex-end" wrap="wrap">
          <Box minW="40">
            <SelectField
              label={`Status for ${name}`}
              size="sm"
              value={shownStatus}
              onChange={(value) => changeStatus(value as ParticipantStatus)}
              options={statusOptions}
              disabled={!canEdit || updateStatus.isPending}
            />
          </Box>
          {shownStatus === 'canceled' && (
            <Box minW="40">
              <SelectField
                label={`Why ${name}'s session was canceled`}
                size="sm"
                value={choosingReason ? '' : (participant.cancelReason ?? '')}
                onChange={changeReason}
                options={cancelReasonOptions}
                placeholder={CANCEL_REASON_PLACEHOLDER}
                disabled={!canEdit || updateStatus.isPending}
                required
              />
            </Box>
          )}
          {canEdit && !signed && (
            <IconButton
              aria-label={`Remove ${name} from session`}
              variant="outline"
              colorPalette="red"
              size="sm"
              onClick={() => setConfirmRemove(true)}
            >
              <TrashIcon size={16} />
            </IconButton>
          )}
        </Flex>
      </Flex>

      {lockedElsewhere && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{SIGNED_NOTE}</Alert.Title>
        </Alert.Root>
      )}

      {notesOffline ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{NOTES_OFFLINE}</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          <NoteSignature
            sessionId={sessionId}
            scheduledAt={scheduledAt}
            providerId={providerId}
            status={sessionStatus}
            client={client}
            clientLabel={name}
            note={note}
            goalIds={goals.map((goal) => goal.id)}
            canEdit={canEdit}
          />

          <SessionNotesEditor
            sessionId={sessionId}
            clientId={client.id}
            clientLabel={name}
            stored={note?.notes ?? ''}
            canEdit={canEdit}
            signed={signed}
            onSignedElsewhere={onSignedElsewhere}
          />
        </>
      )}

      <Stack gap="3">
        <Flex justify="space-between" align="center" gap="3">
          <Heading as="h3" size="sm">
            Goals &amp; Progress Data
          </Heading>
          {canManageGoals && goals.length > 0 && (
            <Button size="xs" variant="outline" onClick={() => setAddingGoal(true)}>
              Add Goal
            </Button>
          )}
        </Flex>
        {goals.length === 0 ? (
          <Stack align="center" gap="3" borderWidth="1px" borderStyle="dashed" borderRadius="md" p="6">
            <Text color="fg.muted">No active goals found for this client</Text>
            {canManageGoals && (
              <Button size="sm" colorPalette="blue" onClick={() => setAddingGoal(true)}>
                Add Goal
              </Button>
            )}
          </Stack>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {goals.map((goal) => (
              <GoalProgressRow
                key={goal.id}
                sessionId={sessionId}
                goal={goal}
                canEdit={canEdit}
                signed={signed}
                onSignedElsewhere={onSignedElsewhere}
              />
            ))}
          </Stack>
        )}
      </Stack>

      {signed && (
        <NoteAddenda
          sessionId={sessionId}
          clientId={client.id}
          clientLabel={name}
          addenda={note?.addenda ?? []}
          canAdd={canEdit && Boolean(note?.signature)}
          text={addendumText}
          onTextChange={setAddendumText}
        />
      )}

      <GoalFormDialog open={addingGoal} clientId={client.id} title={`Add Goal for ${name}`} onClose={() => setAddingGoal(false)} />
      <ConfirmDialog
        open={confirmRemove}
        title="Remove Client"
        description={`Remove ${name} from this session?`}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={removeClient}
        onCancel={() => setConfirmRemove(false)}
      />
    </Stack>
  );
});
