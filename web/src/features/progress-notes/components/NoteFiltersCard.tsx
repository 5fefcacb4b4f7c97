import { Card, Heading, SimpleGrid } from '@chakra-ui/react';
import { progressNoteStatuses } from '@caseload/contract/enums';
import { SelectField, type SelectOption } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { statusLabels, type NoteFilters } from '../lib/notes.ts';

interface NoteFiltersCardProps {
  filters: NoteFilters;
  onChange: (filters: NoteFilters) => void;
  clientOptions: readonly SelectOption[];
  organizationOptions: readonly SelectOption[];
}

const statusOptions = progressNoteStatuses.map((s) => ({ value: s, label: statusLabels[s] }));

/** Text search, client, organization, status. */
export function NoteFiltersCard({ filters, onChange, clientOptions, organizationOptions }: NoteFiltersCardProps) {
  const set = (field: keyof NoteFilters) => (value: string) => onChange({ ...filters, [field]: value });
  return (
    <Card.Root as="section" mb="6" aria-labelledby="note-filters-heading">
      <Card.Header pb="0">
        <Heading as="h2" size="md" id="note-filters-heading">
          Search & Filter
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
          <TextField label="Search" type="search" value={filters.search} onChange={set('search')} placeholder="Client or note text" />
          <SelectField label="Client" value={filters.clientId} onChange={set('clientId')} options={clientOptions} placeholder="All Clients" />
          <SelectField label="Organization" value={filters.organizationId} onChange={set('organizationId')} options={organizationOptions} placeholder="All Organizations" />
          <SelectField label="Status" value={filters.status} onChange={set('status')} options={statusOptions} placeholder="All Statuses" />
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
