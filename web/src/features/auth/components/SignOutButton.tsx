import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LogOutIcon } from '../../../components/icons.tsx';
import { unsentChangesOf } from '../../../lib/offline-queue.ts';
import { useSignOut } from '../api/auth.ts';

/** The part 4 §2 question when the device still holds changes the server has not taken. */
export const unsentQuestion = (n: number) =>
  `${n} ${n === 1 ? 'change is' : 'changes are'} not saved yet. Stay signed in to send them, or discard them and sign out.`;

// The question's dialog is not in the first load (ARCHITECTURE.md §9's budget); it is fetched once
// the button is shown, so an offline sign-out with unsent changes can still ask.
const loadConfirm = () => import('../../../components/ConfirmDialog.tsx');
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));

/** Sign Out: clears the device whatever the network does; asks first when changes are unsent. */
export function SignOutButton({ userId }: { userId: string }) {
  const signOut = useSignOut();
  const [unsent, setUnsent] = useState(0);
  useEffect(() => void loadConfirm(), []);

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
      {unsent > 0 && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Sign out?"
            description={unsentQuestion(unsent)}
            cancelLabel="Stay signed in"
            confirmLabel="Discard and sign out"
            pending={signOut.isPending}
            onCancel={() => setUnsent(0)}
            onConfirm={() => signOut.mutate(undefined, { onSettled: () => setUnsent(0) })}
          />
        </Suspense>
      )}
    </>
  );
}
