import { Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { clientName, gradeLabel, limitPickList, matchesPickSearch, sortClients, useClients } from '../../clients/index.ts';
import { useAddParticipant } from '../api/sessions.ts';

interface AddClientDialogProps {
  sessionId: string;
  /** Clients already in the session. */
  present: readonly string[];
  open: boolean;
  onClose: () => void;
  onAdded: (clientId: string) => void;
}

/** Lists the active clients not yet in the session, each with an Add button. */
export function AddClientDialog({ sessionId, present, open, onClose, onAdded }: AddClientDialogProps) {
  const clients = useClients();
  const add = useAddParticipant(sessionId);
  const [search, setSearch] = useState('');
  const candidates = sortClients((clients.data ?? []).filter((client) => client.status === 'active' && !present.includes(client.id)));
  const { shown, hidden } = limitPickList(candidates.filter((client) => matchesPickSearch(client, search)), []);

  const addClient = (clientId: string) =>
    add.mutate(clientId, {
      onSuccess: () => {
        notify.success({ title: 'Client added', description: 'Client successfully added to session' });
        onAdded(clientId);
        onClose();
      },
      onError: (error) => notify.error({ title: 'Failed to add client', description: errorMessage(error, 'Please try again.') }),
    });

  return (
    <AppDialog open={open} onClose={onClose} title="Add Client to Session" description="Choose a client to add to this session.">
      <QueryState
        query={clients}
        loading="Loading clients..."
        error="Could not load clients."
        isEmpty={() => candidates.length === 0}
        empty="All clients are already added to this session"
      >
        {() => (
          <Stack gap="3">
            <Input size="sm" placeholder="Search clients" aria-label="Search clients" value={search} onChange={(event) => setSearch(event.target.value)} />
            {shown.length === 0 && <Text color="fg.muted">No clients match your search.</Text>}
            <Stack as="ul" gap="2" listStyleType="none">
              {shown.map((client) => (
                <Flex as="li" key={client.id} justify="space-between" align="center" gap="3" borderWidth="1px" borderRadius="md" p="3">
                  <div>
                    <Text fontWeight="medium">{clientName(client)}</Text>
                    {client.gradeLevel && (
                      <Text fontSize="sm" color="fg.muted">
                        {gradeLabel(client.gradeLevel)}
                      </Text>
                    )}
                  </div>
                  <Button
                    size="sm"
                    colorPalette="blue"
                    aria-label={`Add ${clientName(client)}`}
                    loading={add.isPending && add.variables === client.id}
                    disabled={add.isPending}
                    onClick={() => addClient(client.id)}
                  >
                    Add
                  </Button>
                </Flex>
              ))}
            </Stack>
            {hidden > 0 && (
              <Text fontSize="sm" color="fg.muted">
                {hidden.toLocaleString()} more: search to find them.
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </AppDialog>
  );
}
