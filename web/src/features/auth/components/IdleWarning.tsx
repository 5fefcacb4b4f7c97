import { Button, Dialog } from '@chakra-ui/react';
import { AppDialog } from '../../../components/AppDialog.tsx';

/** 'You will be signed out in 2 minutes' with 'Stay signed in' (part 4 §2); shown by IdleSignOut. */
export function IdleWarning({ idleMinutes, onStay }: { idleMinutes: number; onStay: () => void }) {
  return (
    <AppDialog
      open
      onClose={onStay}
      role="alertdialog"
      size="sm"
      title="You will be signed out in 2 minutes"
      closeLabel={false}
      footer={
        <Button colorPalette="blue" onClick={onStay}>
          Stay signed in
        </Button>
      }
    >
      <Dialog.Description>For privacy on a shared device, Caseload signs out after {idleMinutes} minutes without use.</Dialog.Description>
    </AppDialog>
  );
}
