import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LogOutIcon } from '../../../components/icons.tsx';
import { unsentChangesOf } from '../../../lib/offline-queue.ts';
import { useSignOut } from '../api/auth.ts';

/** The part 4 §2 question when the device still holds changes the server has not taken. */
export const unsentQuestion = (n: number) =>
  `${n} ${n === 1 ? 'change is' : 'changes are'} not saved yet. Stay signed in to send them, or discard them and sign out.`;

/** Sign Out: clears the device whatever the network does; asks first when changes are unsent. */
export function SignOutButton({ userId }: { userId: string }) {
  const signOut = useSignOut();
  const [unsent, setUnsent] = useState(0);

  const start = () => {
    const waiting = unsentChangesOf(userId);
    if (waiting > 0) setUnsent(waiting);
    else signOut.mutate();
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={start} loading={signOut.isPending}>
        <LogOutIcon size={16} />
        Sign Out
      </Button>
      <ConfirmDialog
        open={unsent > 0}
        title="Sign out?"
        description={unsentQuestion(unsent)}
        cancelLabel="Stay signed in"
        confirmLabel="Discard and sign out"
        pending={signOut.isPending}
        onCancel={() => setUnsent(0)}
        onConfirm={() => signOut.mutate(undefined, { onSettled: () => setUnsent(0) })}
      />
    </>
  );
}
