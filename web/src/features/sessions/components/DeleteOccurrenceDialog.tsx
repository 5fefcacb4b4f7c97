import { Dialog, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Session } from '@caseload/contract/sessions';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { notify } from '../../../lib/toaster.ts';
import { fetchAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { useDeleteSeries, useDeleteSession } from '../api/sessions.ts';
import { localDateIn, seriesChangeMessage } from '../lib/series.ts';
import { saveFailureMessage } from '../lib/series-form.ts';
import { SeriesScopeChoice, type SeriesScope } from './SeriesScopeChoice.tsx';

interface DeleteOccurrenceDialogProps {
  open: boolean;
  /** A series occurrence (it has a seriesId). */
  session: Session;
  onCancel: () => void;
  onDeleted: () => void;
}

/**
 * Deleting a repeating session asks first: "This session only" (this one) or "This and following
 * sessions" (the series from this session's date on; documented sessions stay, and the toast
 * says how many went and how many stayed).
 */
export function DeleteOccurrenceDialog({ open, session, onCancel, onDeleted }: DeleteOccurrenceDialogProps) {
  const [scope, setScope] = useState<SeriesScope>('one');
  const [error, setError] = useState('');
  const [preparing, setPreparing] = useState(false);
  const removeOne = useDeleteSession(session.id);
  const removeFollowing = useDeleteSeries(session.seriesId ?? '');
  const pending = preparing || removeOne.isPending || removeFollowing.isPending;

  const failed = (e: unknown) => setError(saveFailureMessage(e, 'Could not delete the sessions. Try again.'));

  const confirm = async () => {
    setError('');
    if (scope === 'one') return removeOne.mutate(undefined, { onSuccess: onDeleted, onError: failed });
    setPreparing(true);
    try {
      // "Following" is by school-calendar date in the account's zone, the server's reading too.
      const from = localDateIn(session.scheduledAt, await fetchAccountTimeZone());
      removeFollowing.mutate(from, {
        onSuccess: (change) => {
          notify.success({ title: seriesChangeMessage('deleted', change) });
          onDeleted();
        },
        onError: failed,
      });
    } catch (e) {
      failed(e);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <ConfirmDialog open={open} title="Delete Session" confirmLabel="Delete" onConfirm={() => void confirm()} onCancel={onCancel} pending={pending}>
      <Stack gap="4">
        <SeriesScopeChoice legend="This session repeats weekly. Delete:" value={scope} onChange={setScope} disabled={pending} />
        <Dialog.Description>
          {scope === 'one'
            ? 'Are you sure you want to delete this session? This action cannot be undone.'
            : 'Sessions from this date on are deleted, except those already documented. This action cannot be undone.'}
        </Dialog.Description>
        {error && (
          <Text color="red.700" fontSize="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
