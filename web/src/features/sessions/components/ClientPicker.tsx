import { Box, Checkbox, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { QueryState } from '../../../components/QueryState.tsx';
import { clientName, gradeLabel, limitPickList, matchesPickSearch, shortId, sortClients, useClients } from '../../clients/index.ts';

const CLIENT_RULE = 'Please select at least one client';

interface ClientPickerProps {
  selected: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/**
 * The clients multi-select: only active clients can be picked (a client already in the session stays
 * listed so it can be unticked). Each shows the first 8 characters of its id.
 */
export function ClientPicker({ selected, onChange, error }: ClientPickerProps) {
  const clients = useClients();
  const [search, setSearch] = useState('');
  const { shown: choices, hidden } = useMemo(() => {
    const matches = sortClients((clients.data ?? []).filter((client) => client.status === 'active' || selected.includes(client.id))).filter(
      (client) => matchesPickSearch(client, search),
    );
    return limitPickList(matches, selected);
  }, [clients.data, search, selected]);

  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));

  const message = selected.length === 0 ? CLIENT_RULE : error;

  return (
    <Stack as="fieldset" gap="2" aria-describedby={message ? 'client-picker-error' : undefined}>
      <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
        Clients{' '}
        <Text as="span" color="fg.muted" fontWeight="normal">
          ({selected.length} selected)
        </Text>
      </Text>
      <Input size="sm" placeholder="Search clients" aria-label="Search clients" value={search} onChange={(event) => setSearch(event.target.value)} />
      <Box borderWidth="1px" borderRadius="md" maxH="48" overflowY="auto" p="2">
        <QueryState
          query={clients}
          loading="Loading clients..."
          error="Could not load clients."
          isEmpty={() => choices.length === 0}
          empty={search ? 'No clients match your search.' : 'No active clients. Add a client first.'}
          fontSize="sm"
        >
          {() => (
            <Stack gap="1">
              {choices.map((client) => (
                <Checkbox.Root
                  key={client.id}
                  size="sm"
                  checked={selected.includes(client.id)}
                  onCheckedChange={(details) => toggle(client.id, details.checked === true)}
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
              {hidden > 0 && (
                <Text fontSize="sm" color="fg.muted" px="1">
                  {hidden.toLocaleString()} more: search to find them.
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
