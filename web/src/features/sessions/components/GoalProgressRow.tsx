import { Box, Button, Field, Flex, Grid, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { progressBody, type Goal, type ProgressPoint } from '@caseload/contract/sessions';
import { errorMessage } from '../../../lib/api.ts';
import { zodFieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import { accuracy, accuracyLabel, GoalDescription, GoalTypeBadge, htmlToText, textToHtml } from '../../goals/index.ts';
import { saveSessionProgress, useSessionProgressPoint } from '../api/sessions.ts';
import { isSignedRefusal, progressSaveKey } from '../lib/signing.ts';
import { trialsKey, trialsStateOf, useRememberedTrials } from '../lib/trials.ts';
import { useAutosave } from '../lib/useAutosave.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
import { TrialScorer } from './TrialScorer.tsx';
import { TrialsSaveState } from './TrialsSaveState.tsx';

export const PROGRESS_DELAY = 2000;

export interface ProgressValues {
  successful: string;
  total: string;
  notes: string;
}

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The row as the API body; progress notes are typed as plain text and stored as (escaped) HTML. */
export function progressBodyOf(goalId: string, values: ProgressValues) {
  return {
    goalId,
    successfulAttempts: toNumber(values.successful),
    totalAttempts: toNumber(values.total),
    notes: values.notes.trim() ? textToHtml(values.notes) : undefined,
  };
}

/** Saved only when both counts are numbers and total is above 0 (and, per the contract, successful ≤ total). */
export const canSaveProgress = (goalId: string, values: ProgressValues) => progressBody.safeParse(progressBodyOf(goalId, values)).success;

const valuesOf = (point: ProgressPoint | undefined): ProgressValues => ({
  successful: point ? String(point.successfulAttempts) : '',
  total: point ? String(point.totalAttempts) : '',
  notes: point?.notes ? htmlToText(point.notes) : '',
});

interface GoalProgressRowProps {
  sessionId: string;
  goal: Goal;
  canEdit: boolean;
  /** The client's note is signed: the stored data shows, read-only. */
  signed: boolean;
  /** A save was refused because the note was signed elsewhere. */
  onSignedElsewhere: () => void;
}

/**
 * One goal's data for this session, scored live as trials (spec part 3 §3), or entered as counts
 * (the part-2 form) for a goal recorded without trials: a goal with counts stored opens on the
 * counts, any other on the scoring, and 'Enter counts instead' is offered until it has trials.
 * Memoized and reading its own stored row: a tap or a save re-renders only its own row.
 */
export const GoalProgressRow = memo(function GoalProgressRow({ sessionId, goal, canEdit, signed, onSignedElsewhere }: GoalProgressRowProps) {
  const stored = useSessionProgressPoint(sessionId, goal.id);
  const key = trialsKey(sessionId, goal.clientId, goal.id);
  const remembered = useRememberedTrials(key);
  const hasTrials = trialsStateOf(remembered, stored).trials.length > 0;
  const countsStored = !remembered && stored !== undefined && stored.trials === undefined && stored.totalAttempts > 0;
  const [chosen, setChosen] = useState<'trials' | 'counts' | null>(null);
  const mode = hasTrials ? 'trials' : (chosen ?? (countsStored ? 'counts' : 'trials'));
  const editable = canEdit && !signed;
  const target = useMemo(() => ({ sessionId, clientId: goal.clientId, goalId: goal.id }), [sessionId, goal.clientId, goal.id]);

  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" bg="white">
      <Stack gap="3">
        <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
          <Stack gap="1" flex="1" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Heading as="h4" size="sm">
                {goal.name}
              </Heading>
              <GoalTypeBadge type={goal.type} />
            </Flex>
            <GoalDescription html={goal.description} fontSize="sm" />
            <Text fontSize="sm" color="fg.muted">
              Target: {goal.targetCriteria}
            </Text>
          </Stack>
          {mode === 'trials' && <TrialsSaveState trialsKey={key} label={goal.name} />}
        </Flex>
        {mode === 'counts' ? (
          <ProgressCountsForm
            sessionId={sessionId}
            goal={goal}
            stored={stored}
            editable={editable}
            onSignedElsewhere={onSignedElsewhere}
            footer={
              editable && (
                <Flex gap="2" align="center" wrap="wrap">
                  <Button variant="plain" size="sm" px="0" colorPalette="blue" aria-label={`Score trials instead for ${goal.name}`} onClick={() => setChosen('trials')}>
                    Score trials instead
                  </Button>
                  {countsStored && (
                    <Text fontSize="xs" color="fg.muted">
                      Scoring trials replaces the counts entered for this session.
                    </Text>
                  )}
                </Flex>
              )
            }
          />
        ) : (
          <TrialScorer
            target={target}
            label={goal.name}
            stored={stored}
            canScore={editable}
            footer={
              <>
                {stored?.notes && (
                  <Text fontSize="sm" whiteSpace="pre-wrap">
                    <Text as="span" fontWeight="medium">
                      Progress notes:{' '}
                    </Text>
                    {htmlToText(stored.notes)}
                  </Text>
                )}
                {editable && !hasTrials && (
                  <Button
                    variant="plain"
                    size="sm"
                    px="0"
                    alignSelf="flex-start"
                    colorPalette="blue"
                    aria-label={`Enter counts instead for ${goal.name}`}
                    onClick={() => setChosen('counts')}
                  >
                    Enter counts instead
                  </Button>
                )}
              </>
            }
          />
        )}
      </Stack>
    </Box>
  );
});

interface ProgressCountsFormProps {
  sessionId: string;
  goal: Goal;
  stored: ProgressPoint | undefined;
  editable: boolean;
  onSignedElsewhere: () => void;
  footer: ReactNode;
}

/**
 * The part-2 counts: Successful / Total Attempts, Accuracy and progress notes, autosaved 2 s after
 * the last change; read-only once the client's note is signed.
 */
function ProgressCountsForm({ sessionId, goal, stored, editable, onSignedElsewhere, footer }: ProgressCountsFormProps) {
  const autosave = useAutosave<ProgressValues>(progressSaveKey(sessionId, goal.id), {
    delay: PROGRESS_DELAY,
    canSave: (values) => canSaveProgress(goal.id, values),
    save: (values, { keepalive }) => saveSessionProgress(sessionId, progressBodyOf(goal.id, values), keepalive),
    onError: (error, { first }) => {
      if (isSignedRefusal(error)) {
        // Repeating can never succeed: drop the value (no retry, no 'unsaved' prompt).
        autosave.discard();
        onSignedElsewhere();
        return;
      }
      if (first) notify.error({ title: 'Failed to save progress data', description: errorMessage(error, 'The data is kept on this page and will be saved again shortly.') });
    },
  });
  const [typed, setValues] = useState<ProgressValues>(() => autosave.unsavedValue ?? valuesOf(stored));
  // A signed note shows what was signed, whatever was typed before the refusal.
  const values = editable ? typed : valuesOf(stored);

  const change = (field: keyof ProgressValues, value: string) => {
    const next = { ...typed, [field]: value };
    setValues(next);
    autosave.change(next);
  };

  const successful = toNumber(values.successful);
  const total = toNumber(values.total);
  const both = Number.isFinite(successful) && Number.isFinite(total);
  const parsed = both ? progressBody.safeParse(progressBodyOf(goal.id, values)) : null;
  const errors = parsed && !parsed.success ? zodFieldErrors(parsed.error) : {};
  const label = goal.name;

  return (
    <Stack gap="3">
      <Flex justify="flex-end" mt="-2">
        <SaveIndicator status={autosave.status} label={`Progress for ${label}`} />
      </Flex>
      <Grid templateColumns={{ base: '1fr 1fr', md: '1fr 1fr 1fr' }} gap="3" alignItems="start">
        <CountField
          label="Successful Attempts"
          goalName={label}
          min={0}
          value={values.successful}
          error={errors.successfulAttempts}
          editable={editable}
          onChange={(value) => change('successful', value)}
        />
        <CountField label="Total Attempts" goalName={label} min={1} value={values.total} error={errors.totalAttempts} editable={editable} onChange={(value) => change('total', value)} />
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb="1.5" id={`accuracy-${goal.id}`}>
            Accuracy
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" aria-labelledby={`accuracy-${goal.id}`} data-testid="accuracy">
            {accuracyLabel(accuracy(successful, total))}
          </Text>
        </Box>
      </Grid>
      <Field.Root disabled={!editable}>
        <Field.Label>Progress Notes</Field.Label>
        <Textarea
          value={values.notes}
          onChange={(event) => change('notes', event.target.value)}
          rows={2}
          aria-label={`Progress notes for ${label}`}
          placeholder="Cues, prompts, observations..."
        />
        <Field.HelperText>{editable ? 'Saved automatically once Successful and Total Attempts are entered.' : undefined}</Field.HelperText>
      </Field.Root>
      {footer}
    </Stack>
  );
}

interface CountFieldProps {
  /** "Successful Attempts" or "Total Attempts". */
  label: string;
  goalName: string;
  min: number;
  value: string;
  error: string | undefined;
  editable: boolean;
  onChange: (value: string) => void;
}

/** One whole-number count of the counts form, named for its goal. */
function CountField({ label, goalName, min, value, error, editable, onChange }: CountFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={!editable}>
      <Field.Label>{label}</Field.Label>
      <Input type="number" inputMode="numeric" min={min} step={1} value={value} onChange={(event) => onChange(event.target.value)} aria-label={`${label} for ${goalName}`} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
