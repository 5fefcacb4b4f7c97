import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { clientName, gradeLabel, PICK_LIST_LIMIT } from '../../../lib/clients.ts';
import { useAddParticipant } from '../api/sessions.ts';
import { ClientSearchInput, useActiveClientSearch } from './ActiveClientSearch.tsx';

interface AddClientDialogProps {
  sessionId: string;
  /** Clients already in the session. */
  present: readonly string[];
  open: boolean;
  onClose: () => void;
  onAdded: (clientId: string) => void;
}

/**
 * Lists the active clients not yet in the session, each with an Add button: the server's name
 * search, 50 at most (the participants already in are asked for too, then left out).
 */
export function AddClientDialog({ sessionId, present, open, onClose, onAdded }: AddClientDialogProps) {
  const add = useAddParticipant(sessionId);
  const { search, setSearch, term, results: clients } = useActiveClientSearch(PICK_LIST_LIMIT + present.length, open);
  const shown = (clients.data?.items ?? []).filter((client) => !present.includes(client.id));
  const more = Boolean(clients.data?.nextCursor);

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
      <Stack gap="3">
        <ClientSearchInput value={search} onChange={setSearch} />
        <QueryState
          query={clients}
          loading="Loading clients..."
          error="Could not load clients."
          isEmpty={() => shown.length === 0}
          empty={term ? 'No clients match your search.' : 'All clients are already added to this session'}
        >
          {() => (
            <>
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
              {more && (
                <Text fontSize="sm" color="fg.muted">
                  More clients: type more of the name to find them.
                </Text>
              )}
            </>
          )}
        </QueryState>
      </Stack>
    </AppDialog>
  );
}
