import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Client } from '@caseload/contract/caseload';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { clientName, shortId } from '../../../lib/clients.ts';

interface ClientPickerDialogProps {
  open: boolean;
  clients: readonly Client[];
  onClose: () => void;
  onPick: (client: Client) => void;
  onExitComplete?: () => void;
}

/** 'Generate New Note': choose one client, then the generation dialog opens for them. */
export function ClientPickerDialog({ open, clients, onClose, onPick, onExitComplete }: ClientPickerDialogProps) {
  return (
    <AppDialog open={open} onClose={onClose} onExitComplete={onExitComplete} title="Generate New Note" size="md" closeLabel="Close dialog">
      <Picker clients={clients} onClose={onClose} onPick={onPick} />
    </AppDialog>
  );
}

function Picker({ clients, onClose, onPick }: Omit<ClientPickerDialogProps, 'open' | 'onExitComplete'>) {
  const [clientId, setClientId] = useState('');
  const chosen = clients.find((c) => c.id === clientId);
  const options = clients.map((c) => ({ value: c.id, label: `${clientName(c)} (${shortId(c.id)})${c.status === 'active' ? '' : ` - ${c.status}`}` }));

  return (
    <Stack gap="4" pb="2">
      {clients.length === 0 ? (
        <Text color="fg.muted">Add a client first: progress notes are written from a client's sessions and goals.</Text>
      ) : (
        <SelectField label="Client" value={clientId} onChange={setClientId} options={options} placeholder="Select a client" />
      )}
      <Stack direction="row" justify="flex-end" gap="3">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="purple" disabled={!chosen} onClick={() => chosen && onPick(chosen)}>
          Continue
        </Button>
      </Stack>
    </Stack>
  );
}
