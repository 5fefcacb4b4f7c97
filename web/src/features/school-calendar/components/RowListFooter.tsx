import { Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PlusIcon } from '../../../components/icons.tsx';
import { SaveRow } from '../../../components/SettingsCard.tsx';

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
 * What a row-list card (closures, reporting periods) shows under its rows: the list's error, then
 * the save row (SaveRow) with the Add button before Save.
 */
export function RowListFooter({ listError, save, failedTitle, addLabel, onAdd, saveLabel, savedStatus }: RowListFooterProps) {
  return (
    <>
      {listError && (
        <Text role="alert" color="red.700">
          {listError}
        </Text>
      )}
      <SaveRow
        save={save}
        failedTitle={failedTitle}
        saveLabel={saveLabel}
        savedStatus={savedStatus}
        before={
          <Button variant="outline" onClick={onAdd} disabled={save.isPending}>
            <PlusIcon size={16} />
            {addLabel}
          </Button>
        }
      />
    </>
  );
}
