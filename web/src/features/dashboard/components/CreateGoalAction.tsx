import { Button, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Client } from '@caseload/contract/caseload';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { TargetIcon } from '../../../components/icons.tsx';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { clientName, PICK_LIST_LIMIT, useClientSearch } from '../../../lib/clients.ts';
import { GoalFormDialog } from '../../goals/index.ts';

/**
 * 'Create Goal': a goal belongs to a client, so the action first asks which one (a name search of
 * active clients), then opens the goals feature's own dialog for that client.
 */
export function CreateGoalAction() {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<Client | null>(null);
  // The goal dialog opens once the picker has finished closing, so the picker's focus return cannot close it.
  const [pickerClosed, setPickerClosed] = useState(false);

  const choose = (client: Client) => {
    setPicked(client);
    setPickerClosed(false);
    setPicking(false);
  };

  return (
    <>
      <Button variant="outline" justifyContent="flex-start" onClick={() => setPicking(true)}>
        <TargetIcon size={16} />
        Create Goal
      </Button>
      <AppDialog open={picking} onClose={() => setPicking(false)} title="Choose a client" description="The new goal is added to this client's goals." onExitComplete={() => setPickerClosed(true)}>
        <ClientPicker onPick={choose} />
      </AppDialog>
      {picked && (
        <GoalFormDialog open={pickerClosed} clientId={picked.id} title={`Add Goal for ${clientName(picked)}`} onClose={() => setPicked(null)} />
      )}
    </>
  );
}

function ClientPicker({ onPick }: { onPick: (client: Client) => void }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const results = useClientSearch({ status: 'active', ...(term ? { search: term } : {}) }, PICK_LIST_LIMIT);
  const clients = results.data?.items ?? [];
  return (
    <Stack gap="3">
      <Input type="search" placeholder="Search clients by name" aria-label="Search clients" value={search} onChange={(event) => setSearch(event.target.value)} />
      {results.isPending ? (
        <Spinner size="sm" role="status" aria-label="Loading clients" />
      ) : results.isError ? (
        <Text color="fg.error">The clients could not be loaded.</Text>
      ) : clients.length === 0 ? (
        <Text color="fg.muted">{term ? 'No active client matches this name.' : 'No active clients yet. Add a client first.'}</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Clients">
          {clients.map((client) => (
            <li key={client.id}>
              <Button variant="ghost" width="full" justifyContent="flex-start" onClick={() => onPick(client)}>
                {clientName(client)}
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
