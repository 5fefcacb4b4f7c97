import { Box, Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Client } from '@caseload/contract/caseload';
import { QueryState } from '../../../components/QueryState.tsx';
import { clientName, gradeLabel, PICK_LIST_LIMIT, shortId } from '../../../lib/clients.ts';
import { ClientSearchInput, useActiveClientSearch } from './ActiveClientSearch.tsx';

const CLIENT_RULE = 'Please select at least one client';

/** What the picker shows of a client: a search result or a participant of the session being edited. */
export type PickedClient = Pick<Client, 'id' | 'firstName' | 'lastInitial' | 'gradeLevel'> & Partial<Pick<Client, 'organizationId'>>;

interface ClientPickerProps {
  selected: string[];
  onChange: (ids: string[], picked: PickedClient[]) => void;
  /** Clients already chosen (the session's participants), named before any search finds them. */
  initial?: readonly PickedClient[];
  error?: string;
}

/**
 * The clients multi-select: the server's name search (first name, or 'First L') over active
 * clients, 50 at most; the ticked clients stay listed first so they can be unticked. Each shows
 * the first 8 characters of its id.
 */
export function ClientPicker({ selected, onChange, initial = [], error }: ClientPickerProps) {
  const { search, setSearch, term, results } = useActiveClientSearch(PICK_LIST_LIMIT);
  // Every client seen ticked, by id: a ticked one stays named when a new search no longer finds it.
  const [known, setKnown] = useState<ReadonlyMap<string, PickedClient>>(() => new Map(initial.map((c) => [c.id, c])));

  const ticked = selected.map((id) => known.get(id)).filter((c): c is PickedClient => c !== undefined);
  const others = (results.data?.items ?? []).filter((c) => !selected.includes(c.id));
  const choices = [...ticked, ...others];

  const toggle = (client: PickedClient, checked: boolean) => {
    const nextKnown = new Map(known).set(client.id, client);
    setKnown(nextKnown);
    const ids = checked ? [...selected.filter((s) => s !== client.id), client.id] : selected.filter((s) => s !== client.id);
    onChange(ids, ids.map((id) => nextKnown.get(id)).filter((c): c is PickedClient => c !== undefined));
  };

  const message = selected.length === 0 ? CLIENT_RULE : error;

  return (
    <Stack as="fieldset" gap="2" aria-describedby={message ? 'client-picker-error' : undefined}>
      <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
        Clients{' '}
        <Text as="span" color="fg.muted" fontWeight="normal">
          ({selected.length} selected)
        </Text>
      </Text>
      <ClientSearchInput value={search} onChange={setSearch} />
      <Box borderWidth="1px" borderRadius="md" maxH="48" overflowY="auto" p="2">
        <QueryState
          query={results}
          loading="Loading clients..."
          error="Could not load clients."
          isEmpty={() => choices.length === 0}
          empty={term ? 'No clients match your search.' : 'No active clients. Add a client first.'}
          fontSize="sm"
        >
          {(page) => (
            <Stack gap="1">
              {choices.map((client) => (
                <Checkbox.Root
                  key={client.id}
                  size="sm"
                  checked={selected.includes(client.id)}
                  onCheckedChange={(details) => toggle(client, details.checked === true)}
                  px="1"
                  py="1"
                  borderRadius="sm"
                  _hover={{ bg: 'gray.50' }}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label flex="1">
                    <Flex justify="space-between" gap="2" wrap="wrap">
                      <span>
                        {clientName(client)}
                        {client.gradeLevel && (
                          <Text as="span" color="fg.muted">
                            {' '}
                            · {gradeLabel(client.gradeLevel)}
                          </Text>
                        )}
                      </span>
                      <Text as="span" color="fg.muted" fontFamily="mono" fontSize="xs">
                        {shortId(client.id)}
                      </Text>
                    </Flex>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
              {page.nextCursor && (
                <Text fontSize="sm" color="fg.muted" px="1">
                  More clients: type more of the name to find them.
                </Text>
              )}
            </Stack>
          )}
        </QueryState>
      </Box>
      {message && (
        <Text id="client-picker-error" color="red.600" fontSize="sm">
          {message}
        </Text>
      )}
    </Stack>
  );
}
