import { Alert, Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Client } from '@caseload/contract/caseload';
import type { ProgressNote } from '@caseload/contract/notes';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { SparklesIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor.tsx';
import { preview } from '../../../components/rich-text/plain-text.ts';
import { RichTextView } from '../../../components/rich-text/RichTextView.tsx';
import { formatIn, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { clientName } from '../../../lib/clients.ts';
import { useReportingPeriods } from '../../school-calendar/index.ts';
import { useClientProgressNotes, useGenerateProgressNote } from '../api/progress-notes.ts';
import { formatDay, formatPeriod, newestFirst, REPLACEABLE_CONFLICTS, suggestedPeriod, validatePeriod, type Period } from '../lib/notes.ts';
import { useNoteAutosave, type SaveState } from '../lib/useNoteAutosave.ts';
import { AuthorBadge } from './NoteBadges.tsx';
import { PeriodFields } from './PeriodFields.tsx';

/** The dialog lists up to 3 previous notes with a 150-character preview. */
export const PREVIOUS_NOTES_SHOWN = 3;
export const PREVIOUS_PREVIEW_LENGTH = 150;

interface ProgressNoteDialogProps {
  client: Client;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Generate Progress Note - {client}', opened by the purple AI button of the client list and by the notes page. */
export function ProgressNoteDialog({ client, open, onOpenChange }: ProgressNoteDialogProps) {
  return (
    <AppDialog
      open={open}
      size="lg"
      closeLabel="Close dialog"
      onClose={() => onOpenChange(false)}
      keepOpenOnOutsideClick
      title={`Generate Progress Note - ${clientName(client)}`}
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <GenerateNoteBody client={client} />
    </AppDialog>
  );
}

function GenerateNoteBody({ client }: { client: Client }) {
  const canView = usePermission('canViewProgressNotes');
  const canGenerate = usePermission('canGenerateProgressNotes');
  const canEdit = usePermission('canEditProgressNotes');
  const previous = useClientProgressNotes(client.id, canView);
  const notes = newestFirst(previous.data ?? []);
  const periods = useReportingPeriods();
  // The suggestion follows the reads as they arrive, until the user picks dates of their own.
  const [chosen, setChosen] = useState<Period | null>(null);
  const [result, setResult] = useState<ProgressNote | null>(null);
  // A 409 the user may override: the server's text, shown with a Replace button that resends with replace: true.
  const [conflict, setConflict] = useState<string | null>(null);
  const generate = useGenerateProgressNote(client.id);

  const lastEnded = notes.reduce<string | undefined>((latest, n) => (!latest || n.reportingPeriodEnd > latest ? n.reportingPeriodEnd : latest), undefined);
  const period = chosen ?? suggestedPeriod(new Date(), periods.data?.current, lastEnded);

  const send = (replace: boolean) => {
    setConflict(null);
    generate.mutate(
      { reportingPeriodStart: period.start, reportingPeriodEnd: period.end, ...(replace ? { replace: true } : {}) },
      {
        onSuccess: (note) => {
          setResult(note);
          notify.success({ title: 'Progress note generated successfully', description: 'AI has created a comprehensive progress note based on recent session data.' });
        },
        onError: (error) => {
          const message = errorMessage(error, 'Please try again.');
          if (isApiError(error, 409) && REPLACEABLE_CONFLICTS.includes(message)) setConflict(message);
          else notify.error({ title: 'Failed to generate progress note', description: message });
        },
      },
    );
  };
  const submit = () => {
    const invalid = validatePeriod(period);
    if (invalid) {
      notify.error(invalid);
      return;
    }
    send(false);
  };
  const pick = (next: Period) => {
    setChosen(next);
    setConflict(null);
  };

  const startHint = !canView || previous.isPending ? undefined : lastEnded ? `Last progress note ended on ${formatDay(lastEnded)}` : 'No previous progress notes for this client';

  return (
    <Stack gap="6">
      {canView && (
        <Box as="section" aria-labelledby="previous-notes-heading">
          <Heading as="h3" size="sm" id="previous-notes-heading" mb="2">
            Previous Progress Notes
          </Heading>
          <QueryState
            query={previous}
            loading="Loading previous progress notes"
            placeholder={<Skeleton height="16" />}
            error="Could not load previous progress notes."
            fontSize="sm"
            isEmpty={() => notes.length === 0}
            empty="No previous progress notes."
          >
            {() => (
              <Stack as="ul" gap="2" listStyleType="none">
                {notes.slice(0, PREVIOUS_NOTES_SHOWN).map((note) => (
                  <Box as="li" key={note.id} borderWidth="1px" borderRadius="md" p="3">
                    <Flex justify="space-between" gap="2" align="center" mb="1" wrap="wrap">
                      <Text fontSize="sm" fontWeight="medium">
                        {formatPeriod(note.reportingPeriodStart, note.reportingPeriodEnd)}
                      </Text>
                      <AuthorBadge generatedBy={note.generatedBy} />
                    </Flex>
                    <Text fontSize="sm" color="fg.muted">
                      {preview(note.content, PREVIOUS_PREVIEW_LENGTH)}
                    </Text>
                  </Box>
                ))}
                {notes.length > PREVIOUS_NOTES_SHOWN && (
                  <Text as="li" fontSize="sm" color="fg.muted">
                    +{notes.length - PREVIOUS_NOTES_SHOWN} more progress notes
                  </Text>
                )}
              </Stack>
            )}
          </QueryState>
        </Box>
      )}

      {canGenerate ? (
        <Stack as="section" gap="4" aria-label="Reporting period">
          <PeriodFields value={period} onChange={pick} startHint={startHint} disabled={generate.isPending} />
          {conflict ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{conflict}</Alert.Title>
                <Alert.Description>Replace the existing note with a newly generated one?</Alert.Description>
                <Flex gap="3" wrap="wrap" mt="3">
                  <Button size="sm" colorPalette="orange" onClick={() => send(true)}>
                    Replace the note
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConflict(null)}>
                    Keep the existing note
                  </Button>
                </Flex>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Box>
              <Button colorPalette="purple" onClick={submit} loading={generate.isPending} loadingText="Generating...">
                <SparklesIcon /> Generate Progress Note
              </Button>
            </Box>
          )}
        </Stack>
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>You don't have permission to generate progress notes.</Alert.Title>
        </Alert.Root>
      )}

      {result && <GeneratedNote key={result.id} note={result} canEdit={canEdit} />}
    </Stack>
  );
}

/** The generated note in the editor, saved automatically; read-only for a user who may not edit notes. */
function GeneratedNote({ note, canEdit }: { note: ProgressNote; canEdit: boolean }) {
  // The server stored the note when it generated it.
  const [generatedAt] = useState(() => new Date());
  const autosave = useNoteAutosave(note.id, generatedAt);
  return (
    <Stack as="section" gap="2" aria-labelledby="generated-note-heading">
      <Heading as="h3" size="sm" id="generated-note-heading">
        Progress Note ({formatPeriod(note.reportingPeriodStart, note.reportingPeriodEnd)})
      </Heading>
      {canEdit ? (
        <>
          <LazyRichTextEditor value={autosave.unsavedValue ?? note.content} onChange={autosave.change} label="Progress note" minHeight="16rem" />
          <Flex justify="space-between" gap="2" wrap="wrap" fontSize="sm">
            <Text color="fg.muted">Changes are saved automatically as you type.</Text>
            <SaveStatus state={autosave.state} />
          </Flex>
        </>
      ) : (
        <RichTextView html={note.content} borderWidth="1px" borderRadius="md" p="3" />
      )}
    </Stack>
  );
}

export function SaveStatus({ state }: { state: SaveState }) {
  const timeZone = useAccountTimeZone();
  const text =
    state.kind === 'saving' ? 'Saving...' : state.kind === 'saved' ? `Saved at ${formatIn(state.at, 'HH:mm:ss', timeZone)}` : state.kind === 'error' ? 'Error saving' : '';
  return (
    <Text role="status" aria-live="polite" color={state.kind === 'error' ? 'red.600' : 'fg.muted'} data-testid="save-status">
      {text}
    </Text>
  );
}
