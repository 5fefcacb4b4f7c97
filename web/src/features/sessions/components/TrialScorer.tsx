import { Box, Button, Flex, Grid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { memo, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ProgressPoint } from '@caseload/contract/sessions';
import { cueLevelLabels, cueLevels, MAX_TRIALS, TOO_MANY_TRIALS, type CueLevel, type Trial } from '@caseload/contract/trials';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { accuracy, accuracyLabel } from '../../goals/index.ts';
import { changeTrials, trialsKey, trialsStateOf, useRememberedTrials, type TrialsState, type TrialsTarget } from '../lib/trials.ts';

/** Marks under a trial in the strip; independent (most trials) has none. */
const cueMarks: Record<CueLevel, string> = { independent: '', gestural: 'G', visual: 'Vs', verbal: 'Vb', model: 'M', physical: 'P' };

export const SHORTCUTS_HINT = 'Keys: C correct, I incorrect, 1–6 cue level, U or Ctrl+Z undo.';

/** '7/10 · 70%', or 'No trials yet'. */
export function trialsSummary(correct: number, total: number): string {
  return total === 0 ? 'No trials yet' : `${correct}/${total} · ${accuracyLabel(accuracy(correct, total))}`;
}

export const correctCount = (trials: readonly Trial[]) => trials.filter((trial) => trial.correct).length;

export interface TrialScoring {
  state: TrialsState;
  cue: CueLevel;
  setCue: (cue: CueLevel) => void;
  score: (correct: boolean) => void;
  undo: () => void;
  /** C / I score, 1–6 choose the cue level, U or Ctrl+Z undo. */
  onKeyDown: (event: KeyboardEvent) => void;
  /** Taps change the trials (the user may edit and the note is not signed). */
  editable: boolean;
  full: boolean;
}

/**
 * Scoring one goal of one client: the trials shown (newest of this page, the device's queue and the
 * server), the chosen cue level (Independent until changed, again for each goal), and the taps.
 */
export function useTrialScoring(target: TrialsTarget, stored: ProgressPoint | undefined, canScore: boolean): TrialScoring {
  const owner = useCurrentUser().data?.id;
  const key = trialsKey(target.sessionId, target.clientId, target.goalId);
  const state = trialsStateOf(useRememberedTrials(key), stored);
  const [choice, setChoice] = useState<{ key: string; cue: CueLevel } | null>(null);
  const cue = choice?.key === key ? choice.cue : 'independent';
  const editable = canScore && owner !== undefined;
  const full = state.trials.length >= MAX_TRIALS;

  const score = (correct: boolean) => {
    if (!editable) return;
    changeTrials(owner, target, stored, (trials) => (trials.length >= MAX_TRIALS ? null : [...trials, { correct, cue }]));
  };
  const undo = () => {
    if (!editable) return;
    changeTrials(owner, target, stored, (trials) => (trials.length ? trials.slice(0, -1) : null));
  };
  const setCue = (level: CueLevel) => setChoice({ key, cue: level });

  const onKeyDown = (event: KeyboardEvent) => {
    // The scoring area holds no text fields, so every key here is meant for it.
    if (!editable || event.repeat || event.altKey) return;
    const letter = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    let handled = true;
    if (command) {
      if (letter === 'z' && !event.shiftKey) undo();
      else handled = false;
    } else if (letter === 'c') score(true);
    else if (letter === 'i') score(false);
    else if (letter === 'u') undo();
    else if (/^[1-6]$/.test(letter)) setCue(cueLevels[Number(letter) - 1]!);
    else handled = false;
    if (handled) event.preventDefault();
  };

  return { state, cue, setCue, score, undo, onKeyDown, editable, full };
}

interface ScoringControlsProps {
  scoring: TrialScoring;
  /** What is scored: 'Initial /s/', or 'Ava S. – Initial /s/' in the grid. */
  label: string;
  /** The group takes focus and handles the shortcuts itself (the grid handles them for its cells and this together). */
  ownKeys: boolean;
  /** Below the trials: the count form's toggle, the save state. */
  footer?: ReactNode;
}

/** Cue level, the big Correct / Incorrect targets, the running count, Undo and the strip of trials. */
export function ScoringControls({ scoring, label, ownKeys, footer }: ScoringControlsProps) {
  const hintId = useId();
  const { state, cue, editable, full } = scoring;
  const correct = correctCount(state.trials);
  const hint = ownKeys && editable;

  return (
    <Stack
      role="group"
      aria-label={`Score ${label}`}
      aria-describedby={hint ? hintId : undefined}
      tabIndex={ownKeys && editable ? 0 : undefined}
      onKeyDown={ownKeys ? scoring.onKeyDown : undefined}
      gap="3"
      borderRadius="md"
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
    >
      {editable && (
        <>
          <Box role="group" aria-label="Cue level">
            <Text fontSize="sm" fontWeight="medium" mb="1.5" aria-hidden="true">
              Cue level
            </Text>
            <Grid templateColumns={{ base: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' }} gap="1.5">
              {cueLevels.map((level) => (
                <Button
                  key={level}
                  size="sm"
                  minH="10"
                  px="1"
                  variant={cue === level ? 'solid' : 'outline'}
                  colorPalette={cue === level ? 'blue' : 'gray'}
                  aria-pressed={cue === level}
                  onClick={() => scoring.setCue(level)}
                >
                  {cueLevelLabels[level]}
                </Button>
              ))}
            </Grid>
          </Box>
          <Grid templateColumns="1fr 1fr" gap="3">
            {/* green.700, not the palette's 600: white text on it needs 4.5:1 contrast. */}
            <Button h="16" fontSize="xl" colorPalette="green" bg="green.700" _hover={{ bg: 'green.800' }} disabled={full} onClick={() => scoring.score(true)}>
              Correct
            </Button>
            <Button h="16" fontSize="xl" colorPalette="red" disabled={full} onClick={() => scoring.score(false)}>
              Incorrect
            </Button>
          </Grid>
          {full && (
            <Text fontSize="sm" color="red.600">
              {TOO_MANY_TRIALS}
            </Text>
          )}
        </>
      )}
      <Flex justify="space-between" align="center" gap="3">
        <Text role="status" fontSize="2xl" fontWeight="semibold" data-testid="trials-summary">
          {trialsSummary(correct, state.trials.length)}
        </Text>
        {editable && (
          <Button variant="outline" minH="10" disabled={state.trials.length === 0} onClick={scoring.undo}>
            Undo
          </Button>
        )}
      </Flex>
      <TrialStrip trials={state.trials} />
      {hint && <ShortcutsHint id={hintId} />}
      {footer}
    </Stack>
  );
}

/** The shortcuts, shown on wider screens (laptops) and always read out with the scoring area. */
export function ShortcutsHint({ id }: { id: string }) {
  return (
    <Text id={id} fontSize="xs" color="fg.muted" hideBelow="md">
      {SHORTCUTS_HINT}
    </Text>
  );
}

const cueWords = (trial: Trial) => (trial.cue === 'independent' ? 'independent' : `${cueLevelLabels[trial.cue].toLowerCase()} cue`);

/** The trials in order: ✓ or ✗, with the cue level's mark under a cued one. */
export const TrialStrip = memo(function TrialStrip({ trials }: { trials: readonly Trial[] }) {
  if (trials.length === 0) return null;
  const cued = trials.some((trial) => trial.cue !== 'independent');
  return (
    <Stack gap="1">
      {/* A long list scrolls within its height; focusable, so a keyboard can scroll it too. */}
      <Flex as="ol" aria-label="Trials in order" tabIndex={0} wrap="wrap" gap="1" listStyleType="none" maxH="32" overflowY="auto">
        {trials.map((trial, index) => (
          <Flex
            as="li"
            // A trial's place in the list is its identity: the list only grows or loses its last one.
            key={index}
            direction="column"
            align="center"
            justify="center"
            w="7"
            h="8"
            borderRadius="sm"
            fontSize="xs"
            lineHeight="1.1"
            bg={trial.correct ? 'green.100' : 'red.100'}
            color={trial.correct ? 'green.800' : 'red.800'}
            title={`${trial.correct ? 'Correct' : 'Incorrect'}, ${cueWords(trial)}`}
          >
            <span aria-hidden="true">{trial.correct ? '✓' : '✗'}</span>
            {cueMarks[trial.cue] && (
              <Text as="span" aria-hidden="true" fontSize="2xs" fontWeight="semibold">
                {cueMarks[trial.cue]}
              </Text>
            )}
            <VisuallyHidden>{`Trial ${index + 1}: ${trial.correct ? 'correct' : 'incorrect'}, ${cueWords(trial)}`}</VisuallyHidden>
          </Flex>
        ))}
      </Flex>
      {cued && (
        <Text fontSize="2xs" color="fg.muted" aria-hidden="true">
          G gestural · Vs visual · Vb verbal · M model · P physical
        </Text>
      )}
    </Stack>
  );
});

interface TrialScorerProps {
  target: TrialsTarget;
  label: string;
  stored: ProgressPoint | undefined;
  /** May score now (edit permission, note not signed); otherwise the trials show read-only. */
  canScore: boolean;
  footer?: ReactNode;
}

/** One goal's scoring, with its own keyboard shortcuts while it has focus. */
export function TrialScorer({ target, label, stored, canScore, footer }: TrialScorerProps) {
  const scoring = useTrialScoring(target, stored, canScore);
  return <ScoringControls scoring={scoring} label={label} ownKeys footer={footer} />;
}
