import { Badge, Box, Checkbox, CloseButton, Fieldset, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { MAX_CLINICIANS } from '@caseload/contract/caseload';
import { QueryState } from '../../../components/QueryState.tsx';
import { clinicianName, useClinicians, type Clinician } from '../../../lib/clinicians.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';

/** Rows drawn at once; the search finds the others (a district has hundreds of users). */
const SHOWN = 50;

interface CliniciansFieldProps {
  /** The client's organization: only users who may see it are offered. */
  organizationId: string | undefined;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * 'Clinicians': the chosen ones as removable tags, then a search and a checkbox list of the active
 * users who may see the client's organization. Native checkboxes inside a fieldset: labelled, and
 * Tab / Space work as everywhere else; it stacks in one column at 390 px.
 */
export function CliniciansField({ organizationId, value, onChange, error, disabled }: CliniciansFieldProps) {
  const clinicians = useClinicians(organizationId);
  const me = useCurrentUser().data?.id;
  const [search, setSearch] = useState('');
  // Names seen under any organization, so a chosen clinician who cannot see the new one is still named.
  const known = useRef(new Map<string, Clinician>());
  for (const c of clinicians.data ?? []) known.current.set(c.id, c);

  const available = useMemo(() => new Set((clinicians.data ?? []).map((c) => c.id)), [clinicians.data]);
  const needle = search.trim().toLocaleLowerCase();
  const matches = (clinicians.data ?? []).filter((c) => !needle || clinicianName(c).toLocaleLowerCase().includes(needle));
  const shown = matches.slice(0, SHOWN);
  const full = value.length >= MAX_CLINICIANS;

  const label = (id: string) => {
    const c = known.current.get(id);
    return c ? `${clinicianName(c)}${id === me ? ' (you)' : ''}` : 'Unavailable clinician';
  };
  const toggle = (id: string, on: boolean) => onChange(on ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));

  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={disabled}>
      <Fieldset.Legend fontWeight="medium" fontSize="sm">
        Clinicians{' '}
        <Text as="span" color="fg.muted" fontWeight="normal">
          ({value.length} selected)
        </Text>
      </Fieldset.Legend>
      <Fieldset.HelperText>Who serves this client: at most {MAX_CLINICIANS}, each able to see its organization.</Fieldset.HelperText>
      <Fieldset.Content gap="2">
        {value.length > 0 && (
          <Wrap gap="2" aria-label="Chosen clinicians" role="list">
            {value.map((id) => (
              <HStack key={id} role="listitem" gap="1" borderWidth="1px" borderRadius="full" ps="3" pe="1" py="0.5" bg="blue.50">
                <Text fontSize="sm">{label(id)}</Text>
                {clinicians.data && !available.has(id) && (
                  <Badge colorPalette="orange" size="sm">
                    Cannot see this organization
                  </Badge>
                )}
                <CloseButton size="2xs" aria-label={`Remove ${label(id)}`} disabled={disabled} onClick={() => toggle(id, false)} />
              </HStack>
            ))}
          </Wrap>
        )}
        <Input size="sm" type="search" placeholder="Search clinicians" aria-label="Search clinicians" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Box borderWidth="1px" borderRadius="md" maxH="44" overflowY="auto" p="2">
          <QueryState
            query={clinicians}
            loading="Loading clinicians..."
            error="Could not load the clinicians."
            retry
            isEmpty={() => shown.length === 0}
            empty={needle ? 'No clinicians match your search.' : 'No active users can see this organization.'}
            fontSize="sm"
          >
            {() => (
              <Stack as="ul" gap="1" listStyleType="none">
                {shown.map((c) => {
                  const checked = value.includes(c.id);
                  return (
                    <li key={c.id}>
                      <Checkbox.Root
                        size="sm"
                        checked={checked}
                        // At the limit only unticking is possible; the server would refuse an eleventh.
                        disabled={disabled || (full && !checked)}
                        onCheckedChange={(details) => toggle(c.id, details.checked === true)}
                        px="1"
                        py="1"
                        w="full"
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{label(c.id)}</Checkbox.Label>
                      </Checkbox.Root>
                    </li>
                  );
                })}
                {matches.length > shown.length && (
                  <Text as="li" fontSize="sm" color="fg.muted" px="1">
                    {(matches.length - shown.length).toLocaleString()} more: search to find them.
                  </Text>
                )}
              </Stack>
            )}
          </QueryState>
        </Box>
      </Fieldset.Content>
      {error && <Fieldset.ErrorText color="red.700">{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
