import { Box, Button, Flex, Heading, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { GoalStatus } from '@caseload/contract/enums';
import type { Goal, ProgressPoint } from '@caseload/contract/sessions';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditIcon, TrashIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { errorMessage } from '../../../lib/api.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useClientGoals, useClientProgress, useDeleteGoal, useSetGoalStatus } from '../api/goals.ts';
import { accuracySeries, calendarDate, criterionLabel, shortDate, toggledStatus } from '../lib/goals.ts';
import { AccuracySparkline } from './AccuracySparkline.tsx';
import { GoalStatusBadge, GoalTypeBadge } from './GoalBadges.tsx';
import { MonitoringStatus } from './MonitoringStatus.tsx';
import { GoalDescription } from './GoalDescription.tsx';
import { GoalForm, GoalFormDialog } from './GoalForm.tsx';

/**
 * A client's goals with add, edit, status and delete: the client page's Goals section (headings from
 * h2, at every width) and the 'Goals & Progress' tab of the Edit Client dialog (from h3).
 */
export function ClientGoalsTab({ clientId, headingLevel = 3 }: { clientId: string; headingLevel?: 2 | 3 }) {
  const goals = useClientGoals(clientId);
  const canManage = usePermission('canManageGoals');
  const canViewReports = usePermission('canViewReports');
  const progress = useClientProgress(clientId, canViewReports);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Goal | null>(null);

  return (
    <Stack gap="4" pt="2">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as={`h${headingLevel}`} size="md">
          Goals
        </Heading>
        {canManage && !adding && (
          <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
            Add Goal
          </Button>
        )}
      </Flex>

      {goals.data?.some((g) => g.monitoring) && (
        <Text fontSize="sm" color="fg.muted">
          Each goal&apos;s progress status is a signal for you, never a decision.
        </Text>
      )}

      {adding && <GoalForm clientId={clientId} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />}

      <QueryState
        query={goals}
        loading="Loading goals"
        placeholder={
          <Stack gap="3">
            <Skeleton height="24" />
            <Skeleton height="24" />
          </Stack>
        }
        error="Could not load this client's goals."
        retry
        isEmpty={(list) => list.length === 0}
        empty="No goals yet for this client."
      >
        {(list) => (
          <Stack as="ul" gap="3" listStyleType="none">
            {list.map((goal) => (
              <GoalCard
                key={goal.id}
                goal={goal}
                canManage={canManage}
                headingLevel={headingLevel === 2 ? 3 : 4}
                progress={canViewReports ? progress.data : undefined}
                onEdit={() => setEditing(goal)}
              />
            ))}
          </Stack>
        )}
      </QueryState>

      <GoalFormDialog open={editing !== null} clientId={clientId} goal={editing ?? undefined} title="Edit Goal" onClose={() => setEditing(null)} />
    </Stack>
  );
}

interface GoalCardProps {
  goal: Goal;
  canManage: boolean;
  headingLevel: 3 | 4;
  /** The client's data points (absent without report access: the chart is left out). */
  progress: readonly ProgressPoint[] | undefined;
  onEdit: () => void;
}

function GoalCard({ goal, canManage, headingLevel, progress, onEdit }: GoalCardProps) {
  const setStatus = useSetGoalStatus();
  const remove = useDeleteGoal();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const next = toggledStatus(goal.status);
  const criterion = criterionLabel(goal);
  const timeZone = useAccountTimeZone();

  const changeStatus = (status: GoalStatus) =>
    setStatus.mutate(
      { goalId: goal.id, status },
      {
        onSuccess: () => notify.success({ title: 'Goal updated', description: 'Goal status has been updated.' }),
        // The spec has no failure handler here; a silent failure would look like success.
        onError: (error) => notify.error({ title: 'Goal update failed', description: errorMessage(error, 'Failed to update goal.') }),
      },
    );

  const deleteGoal = () =>
    remove.mutate(goal.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        notify.success({ title: 'Goal deleted', description: 'Goal has been removed.' });
      },
      onError: (error) => {
        setConfirmDelete(false);
        notify.error({ title: 'Goal deletion failed', description: errorMessage(error, 'Failed to delete goal.') });
      },
    });

  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" bg="white">
      <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
        <Stack gap="1" flex="1" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Heading as={`h${headingLevel}`} size="sm">
              {goal.name}
            </Heading>
            <GoalStatusBadge status={goal.status} />
            <GoalTypeBadge type={goal.type} />
          </Flex>
          <GoalDescription html={goal.description} fontSize="sm" />
          <Text fontSize="sm">
            <Text as="span" fontWeight="medium">
              Target criteria:
            </Text>{' '}
            {goal.targetCriteria}
          </Text>
          <Flex gap="4" fontSize="xs" color="fg.muted" wrap="wrap">
            {criterion && <span>Criterion: {criterion}</span>}
            {goal.baseline && (
              <span>
                Baseline: {goal.baseline.accuracy}% on {calendarDate(goal.baseline.date)}
              </span>
            )}
            {goal.targetDate && <span>Target date: {shortDate(goal.targetDate, timeZone)}</span>}
            {goal.status === 'mastered' && goal.masteredDate && <span>Mastered: {shortDate(goal.masteredDate, timeZone)}</span>}
          </Flex>
          {goal.recentAccuracy !== undefined && (
            <Text fontSize="sm">
              <Text as="span" fontWeight="medium">
                Recent accuracy:
              </Text>{' '}
              {goal.recentAccuracy}%
            </Text>
          )}
          {goal.monitoring && <MonitoringStatus monitoring={goal.monitoring} />}
          {goal.criterionMet && goal.status !== 'mastered' && (
            <Flex role="group" aria-label="Criterion met" align="center" gap="2" wrap="wrap" mt="1" px="3" py="2" borderRadius="md" bg="green.50" borderWidth="1px" borderColor="green.200">
              <Text fontSize="sm" color="green.800" fontWeight="medium">
                {canManage ? 'Criterion met – mark as mastered?' : 'Criterion met'}
              </Text>
              {canManage && (
                <Button size="xs" colorPalette="green" onClick={() => changeStatus('mastered')} loading={setStatus.isPending}>
                  Mark as mastered
                </Button>
              )}
            </Flex>
          )}
          {progress && (
            <Box mt="1">
              <AccuracySparkline points={accuracySeries(progress, goal)} criterion={goal.criterionAccuracy} baseline={goal.baseline} monitoring={goal.monitoring} timeZone={timeZone} />
            </Box>
          )}
        </Stack>
        {canManage && (
          <Flex gap="1" align="center">
            <Button size="xs" variant="outline" colorPalette={next === 'mastered' ? 'green' : 'blue'} onClick={() => changeStatus(next)} loading={setStatus.isPending}>
              {next === 'mastered' ? 'Mark Mastered' : 'Reactivate'}
            </Button>
            <IconButton size="xs" variant="ghost" aria-label={`Edit goal ${goal.name}`} onClick={onEdit}>
              <EditIcon size={16} />
            </IconButton>
            <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Delete goal ${goal.name}`} onClick={() => setConfirmDelete(true)}>
              <TrashIcon size={16} />
            </IconButton>
          </Flex>
        )}
      </Flex>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete Goal"
        description="Are you sure you want to delete this goal? This action cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={deleteGoal}
        onCancel={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
