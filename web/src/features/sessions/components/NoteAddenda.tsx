import { Box, Button, Field, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ADDENDUM_MAX, addendumBody, type Addendum } from '@caseload/contract/signatures';
import { useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { errorMessage } from '../../../lib/api.ts';
import { zodFieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import { useAddAddendum } from '../api/sessions.ts';
import { signedAt } from '../lib/signing.ts';

interface NoteAddendaProps {
  sessionId: string;
  clientId: string;
  clientLabel: string;
  /** Oldest first, as the server answers them. */
  addenda: readonly Addendum[];
  canAdd: boolean;
  /** The form's text, held by the tab so that notes refused after a signature elsewhere can land in it. */
  text: string;
  onTextChange: (text: string) => void;
}

/** A signed note's addenda and the Add addendum form; a failed save keeps the text. */
export function NoteAddenda({ sessionId, clientId, clientLabel, addenda, canAdd, text, onTextChange }: NoteAddendaProps) {
  const add = useAddAddendum(sessionId);
  const timeZone = useAccountTimeZone();
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    const parsed = addendumBody.safeParse({ clientId, text });
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error).text);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        onTextChange('');
        notify.success({ title: 'Addendum added', description: `The addendum is added to the note for ${clientLabel}.` });
      },
      onError: (failure) =>
        notify.error({ title: 'Failed to add addendum', description: errorMessage(failure, 'Your text is kept here. Please try again.') }),
    });
  };

  return (
    <Stack as="section" aria-label={`Addenda for ${clientLabel}`} gap="3">
      <Heading as="h3" size="sm">
        Addenda
      </Heading>
      {addenda.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No addenda.
        </Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none">
          {addenda.map((addendum, index) => (
            // Addenda are only ever appended: the position names one for good.
            <Box as="li" key={`${index}-${addendum.at}`} borderWidth="1px" borderRadius="md" p="3" data-testid="addendum">
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                {addendum.text}
              </Text>
              <Text fontSize="xs" color="fg.muted" mt="1">
                {addendum.name} · {signedAt(addendum.at, timeZone)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      {canAdd && (
        <Stack
          as="form"
          gap="2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field.Root invalid={Boolean(error)}>
            <Field.Label>Addendum</Field.Label>
            <Textarea
              rows={3}
              value={text}
              maxLength={ADDENDUM_MAX}
              onChange={(event) => {
                onTextChange(event.target.value);
                setError(undefined);
              }}
              aria-label={`Addendum for ${clientLabel}`}
            />
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" size="sm" alignSelf="flex-start" loading={add.isPending}>
            Add addendum
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
