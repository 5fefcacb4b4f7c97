import { Badge, Box, Button, Grid, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { memo, useCallback, useId, useMemo, useState } from 'react';
import type { Goal, ProgressPoint, Session } from '@caseload/contract/sessions';
import { useSessionProgressPoint } from '../api/sessions.ts';
import { personName } from '../lib/format.ts';
import { trialsKey, trialsStateOf, useRefusedAsSigned, useRememberedTrials, type TrialsState } from '../lib/trials.ts';
import { correctCount, ScoringControls, ShortcutsHint, trialsSummary, useTrialScoring } from './TrialScorer.tsx';
import { TrialsSaveState } from './TrialsSaveState.tsx';

type Client = Session['sessionParticipants'][number]['client'];

export interface ScoreGridRow {
  client: Client;
  goals: readonly Goal[];
  /** The client's note is signed: their cells show the data, read-only. */
  signed: boolean;
}

interface Cell {
  clientId: string;
  goalId: string;
}

/** A cell's count: from the trials, or a counts-only row's numbers, or 'No data'. */
function cellSummary(state: TrialsState, remembered: TrialsState | undefined, stored: ProgressPoint | undefined): string {
  if (state.trials.length > 0) return trialsSummary(correctCount(state.trials), state.trials.length);
  if (!remembered && stored && stored.trials === undefined && stored.totalAttempts > 0) return trialsSummary(stored.successfulAttempts, stored.totalAttempts);
  return 'No data';
}

interface ScoreCellProps {
  sessionId: string;
  client: Client;
  goal: Goal;
  selected: boolean;
  onSelect: (clientId: string, goalId: string) => void;
}

/** One student's goal: its name and count; pressing it makes it the one the scoring targets act on. */
const ScoreCell = memo(function ScoreCell({ sessionId, client, goal, selected, onSelect }: ScoreCellProps) {
  // Each cell reads its own row and remembered trials: a tap re-renders the cell it changed, no other.
  const stored = useSessionProgressPoint(sessionId, goal.id);
  const remembered = useRememberedTrials(trialsKey(sessionId, client.id, goal.id));
  const summary = cellSummary(trialsStateOf(remembered, stored), remembered, stored);
  return (
    <Button
      variant={selected ? 'solid' : 'outline'}
      colorPalette={selected ? 'blue' : 'gray'}
      aria-pressed={selected}
      onClick={() => onSelect(client.id, goal.id)}
      h="auto"
      minH="14"
      py="2"
      px="3"
      whiteSpace="normal"
      flexDirection="column"
      alignItems="flex-start"
      justifyContent="center"
      gap="0.5"
      textAlign="start"
    >
      {/* Named "Ava S. – Initial /s/, 7/10 · 70%": the student for a screen reader, the rest as shown. */}
      <VisuallyHidden>{`${personName(client)} – `}</VisuallyHidden>
      <Text as="span" fontSize="sm" fontWeight="medium" lineClamp={2}>
        {goal.name}
        <VisuallyHidden>,</VisuallyHidden>
      </Text>
      <Text as="span" fontSize="sm" fontWeight="normal">
        {summary}
      </Text>
    </Button>
  );
});

interface ScoreGridRowProps {
  sessionId: string;
  row: ScoreGridRow;
  /** The selected goal when it is this student's (otherwise null, so other rows keep their props). */
  selectedGoalId: string | null;
  onSelect: (clientId: string, goalId: string) => void;
}

const ScoreGridStudent = memo(function ScoreGridStudent({ sessionId, row, selectedGoalId, onSelect }: ScoreGridRowProps) {
  const { client, goals, signed } = row;
  const name = personName(client);
  return (
    <Grid as="li" templateColumns={{ base: '1fr', md: '9rem 1fr' }} gap="2" alignItems="center" py="2" borderBottomWidth="1px">
      <Stack gap="0.5" direction={{ base: 'row', md: 'column' }} align={{ base: 'center', md: 'flex-start' }}>
        <Heading as="h3" size="sm">
          {name}
        </Heading>
        {signed && (
          <Badge colorPalette="gray" size="sm">
            Signed
          </Badge>
        )}
      </Stack>
      {goals.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No active goals
        </Text>
      ) : (
        <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fill, minmax(9rem, 1fr))' }} gap="2" role="group" aria-label={`Goals of ${name}`}>
          {goals.map((goal) => (
            <ScoreCell key={goal.id} sessionId={sessionId} client={client} goal={goal} selected={goal.id === selectedGoalId} onSelect={onSelect} />
          ))}
        </Grid>
      )}
    </Grid>
  );
});

interface ScoreGridProps {
  sessionId: string;
  rows: readonly ScoreGridRow[];
  canEdit: boolean;
}

/**
 * A group session's "Score" view: students × goals, so any student is scored from one screen. A
 * pressed cell is the one the scoring targets below act on; they stay at the bottom of the screen
 * (within the thumb's reach on a phone) while the grid scrolls. The keyboard shortcuts work while
 * anything in the grid has focus.
 */
export function ScoreGrid({ sessionId, rows, canEdit }: ScoreGridProps) {
  const hintId = useId();
  const [chosen, setChosen] = useState<Cell | null>(null);
  const onSelect = useCallback((clientId: string, goalId: string) => setChosen({ clientId, goalId }), []);

  // The chosen cell while it exists, else the first goal of the first student who has one.
  const cell = useMemo<Cell | null>(() => {
    const chosenRow = chosen && rows.find((row) => row.client.id === chosen.clientId);
    if (chosenRow?.goals.some((goal) => goal.id === chosen?.goalId)) return chosen;
    const first = rows.find((row) => row.goals.length > 0);
    return first ? { clientId: first.client.id, goalId: first.goals[0]!.id } : null;
  }, [chosen, rows]);

  return (
    <Stack gap="3" role="group" aria-label="Score grid" aria-describedby={canEdit ? hintId : undefined}>
      {cell ? (
        <SelectedScoring sessionId={sessionId} rows={rows} cell={cell} canEdit={canEdit} hintId={hintId} onSelect={onSelect} />
      ) : (
        <Text color="fg.muted">No active goals found for these clients</Text>
      )}
    </Stack>
  );
}

interface SelectedScoringProps {
  sessionId: string;
  rows: readonly ScoreGridRow[];
  cell: Cell;
  canEdit: boolean;
  hintId: string;
  onSelect: (clientId: string, goalId: string) => void;
}

function SelectedScoring({ sessionId, rows, cell, canEdit, hintId, onSelect }: SelectedScoringProps) {
  const row = rows.find((r) => r.client.id === cell.clientId)!;
  const goal = row.goals.find((g) => g.id === cell.goalId)!;
  const stored = useSessionProgressPoint(sessionId, goal.id);
  const refusedAsSigned = useRefusedAsSigned(sessionId, row.client.id);
  const target = useMemo(() => ({ sessionId, clientId: cell.clientId, goalId: cell.goalId }), [sessionId, cell.clientId, cell.goalId]);
  const scoring = useTrialScoring(target, stored, canEdit && !row.signed && !refusedAsSigned);
  const label = `${personName(row.client)} – ${goal.name}`;

  return (
    <Stack gap="3" onKeyDown={scoring.onKeyDown}>
      {canEdit && (
        <Text fontSize="sm" color="fg.muted">
          Choose a student&apos;s goal, then score it below.
        </Text>
      )}
      {canEdit && <ShortcutsHint id={hintId} />}
      <Stack as="ul" gap="0" listStyleType="none">
        {rows.map((r) => (
          <ScoreGridStudent key={r.client.id} sessionId={sessionId} row={r} selectedGoalId={r.client.id === cell.clientId ? cell.goalId : null} onSelect={onSelect} />
        ))}
      </Stack>
      <Box position="sticky" bottom="0" zIndex="docked" bg="white" borderTopWidth="1px" shadow="md" px="3" py="3" mx="-3">
        <Stack gap="2">
          <Heading as="h3" size="sm" aria-live="polite">
            {label}
          </Heading>
          <ScoringControls
            scoring={scoring}
            label={label}
            ownKeys={false}
            footer={<TrialsSaveState trialsKey={trialsKey(sessionId, cell.clientId, cell.goalId)} label={label} />}
          />
        </Stack>
      </Box>
    </Stack>
  );
}
