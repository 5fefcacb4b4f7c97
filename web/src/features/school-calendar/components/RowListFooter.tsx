import { Alert, Button, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PlusIcon } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api.ts';

interface RowListFooterProps {
  /** The whole list's problem (e.g. two rows on one date), shown under the rows. */
  listError: string | undefined;
  /** The save mutation's state. */
  save: { isPending: boolean; isError: boolean; error: unknown };
  /** The alert's title when the server gave no message, e.g. "The closures could not be saved." */
  failedTitle: string;
  /** The Add button's text, e.g. "Add closure". */
  addLabel: string;
  onAdd: () => void;
  /** The submit button's text, e.g. "Save closures"; the failed-save alert names it too. */
  saveLabel: string;
  /** The status line after a save; nothing before one. */
  savedStatus: ReactNode;
}

/**
 * What a row-list card (closures, reporting periods) shows under its rows: the list's error, the
 * failed-save alert (the rows stay as typed, so Save retries them), and the Add and Save buttons
 * with the saved status.
 */
export function RowListFooter({ listError, save, failedTitle, addLabel, onAdd, saveLabel, savedStatus }: RowListFooterProps) {
  return (
    <>
      {listError && (
        <Text role="alert" color="red.700">
          {listError}
        </Text>
      )}
      {save.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{errorMessage(save.error, failedTitle)}</Alert.Title>
            <Alert.Description>{`Nothing you typed is lost. Check your connection and press ${saveLabel} again.`}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Flex gap="3" wrap="wrap" align="center">
        <Button variant="outline" onClick={onAdd} disabled={save.isPending}>
          <PlusIcon size={16} />
          {addLabel}
        </Button>
        <Button type="submit" colorPalette="blue" loading={save.isPending}>
          {saveLabel}
        </Button>
        {savedStatus && (
          <Text role="status" color="green.700" fontSize="sm">
            {savedStatus}
          </Text>
        )}
      </Flex>
    </>
  );
}
