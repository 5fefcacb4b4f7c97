import { Card, Field, Flex, Heading, Input, InputGroup, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { Organization } from '@caseload/contract/caseload';
import { SearchIcon } from '../../../components/icons.tsx';
import { ScopeSwitch } from '../../../components/ScopeSwitch.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import type { CaseloadScope } from '../../../lib/caseload-scope.ts';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { ALL, gradeFilterOptions, SEARCH_MAX_LENGTH, statusFilterOptions, type ClientFilters } from '../lib/clients.ts';

interface ClientFiltersCardProps {
  filters: ClientFilters;
  /** Changes some filters, leaving the others as they are now (not as they were at render). */
  onChange: (change: Partial<ClientFilters>) => void;
  organizations: readonly Organization[];
  scope: CaseloadScope | undefined;
  onScopeChange: (scope: CaseloadScope) => void;
}

/** My caseload / All clients, then search by name, organization, grade (every grade level), status. */
export function ClientFiltersCard({ filters, onChange, organizations, scope, onScopeChange }: ClientFiltersCardProps) {
  const set = (field: Exclude<keyof ClientFilters, 'search'>) => (value: string) => onChange({ [field]: value });
  const organizationOptions = [{ value: ALL, label: 'All Organizations' }, ...organizations.map((o) => ({ value: o.id, label: o.name }))];

  return (
    <Card.Root mb="6" as="section" aria-labelledby="client-filters-heading">
      <Card.Body gap="4">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="client-filters-heading">
            Search &amp; Filter
          </Heading>
          <ScopeSwitch scope={scope} onChange={onScopeChange} />
        </Flex>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
          <SearchField value={filters.search} onSettled={(search) => onChange({ search })} />
          <SelectField label="Organization" value={filters.organizationId} onChange={set('organizationId')} options={organizationOptions} />
          <SelectField label="Grade" value={filters.gradeLevel} onChange={set('gradeLevel')} options={gradeFilterOptions} />
          <SelectField label="Status" value={filters.status} onChange={set('status')} options={statusFilterOptions} />
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Search as you type: the input is local state (no keystroke waits on the network or the URL), and
 * the text goes out once typing pauses, so a name typed quickly sends one request.
 */
function SearchField({ value, onSettled }: { value: string; onSettled: (search: string) => void }) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text);
  const sent = useRef(value);

  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    onSettled(settled);
  }, [settled, onSettled]);

  // The URL changed elsewhere (Back, a shared link, a cleared filter): show it, unless it is what was typed.
  useEffect(() => {
    if (value.trim() === sent.current.trim()) return;
    sent.current = value;
    setText(value);
  }, [value]);

  return (
    <Field.Root>
      <Field.Label>Search</Field.Label>
      <InputGroup startElement={<SearchIcon size={16} />}>
        <Input
          type="search"
          placeholder="Search by name"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </InputGroup>
    </Field.Root>
  );
}
