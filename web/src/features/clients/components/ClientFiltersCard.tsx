import { Card, Field, Heading, Input, InputGroup, SimpleGrid } from '@chakra-ui/react';
import type { Organization } from '@caseload/contract/caseload';
import { SearchIcon } from '../../../components/icons.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { ALL, gradeFilterOptions, NO_ORGANIZATION, statusFilterOptions, type ClientFilters } from '../lib/clients.ts';

interface ClientFiltersCardProps {
  filters: ClientFilters;
  onChange: (filters: ClientFilters) => void;
  organizations: readonly Organization[];
}

/** Search by name or diagnosis, organization, grade (every grade level), status. */
export function ClientFiltersCard({ filters, onChange, organizations }: ClientFiltersCardProps) {
  const set = (field: keyof ClientFilters) => (value: string) => onChange({ ...filters, [field]: value });
  const organizationOptions = [
    { value: ALL, label: 'All Organizations' },
    ...organizations.map((o) => ({ value: o.id, label: o.name })),
    { value: NO_ORGANIZATION, label: 'No organization' },
  ];

  return (
    <Card.Root mb="6" as="section" aria-labelledby="client-filters-heading">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id="client-filters-heading">
          Search &amp; Filter
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
          <Field.Root>
            <Field.Label>Search</Field.Label>
            <InputGroup startElement={<SearchIcon size={16} />}>
              <Input
                type="search"
                placeholder="Search by name or diagnosis"
                value={filters.search}
                onChange={(event) => set('search')(event.target.value)}
              />
            </InputGroup>
          </Field.Root>
          <SelectField label="Organization" value={filters.organizationId} onChange={set('organizationId')} options={organizationOptions} />
          <SelectField label="Grade" value={filters.gradeLevel} onChange={set('gradeLevel')} options={gradeFilterOptions} />
          <SelectField label="Status" value={filters.status} onChange={set('status')} options={statusFilterOptions} />
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
