import { Box, Button, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { participantStatuses, type ParticipantStatus } from '@caseload/contract/enums';
import type { Goal, ProgressPoint, Session } from '@caseload/contract/sessions';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { gradeLabel } from '../../clients/index.ts';
import { GoalFormDialog } from '../../goals/index.ts';
import { useRemoveParticipant, useUpdateParticipant } from '../api/sessions.ts';
import { participantStatusLabels, personName } from '../lib/format.ts';
import { GoalProgressRow } from './GoalProgressRow.tsx';
import { SessionNotesEditor } from './SessionNotesEditor.tsx';

type Participant = Session['sessionParticipants'][number];

const statusOptions = participantStatuses.map((status) => ({ value: status, label: participantStatusLabels[status] }));

interface ParticipantPanelProps {
  sessionId: string;
  participant: Participant;
  notes: string;
  /** This client's goals (active ones, plus any with data in this session). */
  goals: readonly Goal[];
  progress: readonly ProgressPoint[];
  canEdit: boolean;
  canManageGoals: boolean;
}

/** One participant's tab: attendance status, removal, notes, and data per goal. */
export function ParticipantPanel({ sessionId, participant, notes, goals, progress, canEdit, canManageGoals }: ParticipantPanelProps) {
  const { client } = participant;
  const name = personName(client);
  const updateStatus = useUpdateParticipant(sessionId);
  const remove = useRemoveParticipant(sessionId);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [addingGoal, setAddingGoal] = useState(false);

  const changeStatus = (status: ParticipantStatus) =>
    updateStatus.mutate(
      { clientId: client.id, status },
      {
        onSuccess: () => notify.success({ title: 'Status updated', description: 'Client status successfully updated' }),
        onError: (error) => notify.error({ title: 'Failed to update status', description: errorMessage(error, 'Please try again.') }),
      },
    );

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
        <Flex gap="2" align="flex-end">
          <Box minW="40">
            <SelectField
              label={`Status for ${name}`}
              size="sm"
              value={participant.status}
              onChange={(value) => changeStatus(value as ParticipantStatus)}
              options={statusOptions}
              disabled={!canEdit || updateStatus.isPending}
            />
          </Box>
          {canEdit && (
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

      <SessionNotesEditor sessionId={sessionId} clientId={client.id} clientLabel={name} stored={notes} canEdit={canEdit} />

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
                stored={progress.find((point) => point.goalId === goal.id)}
                canEdit={canEdit}
              />
            ))}
          </Stack>
        )}
      </Stack>

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
}
