import { Button, Field, HStack, Input, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { gradeLevelLabels, gradeLevels } from '@caseload/contract/enums';
import type { RosterEntry } from '@caseload/contract/roster';
import { SelectField } from '../../../components/SelectField.tsx';
import { useRoster } from '../api/roster-import.ts';

interface RosterPickerProps {
  organizations: readonly { id: string; name: string }[];
  onPick: (entry: RosterEntry) => void;
}

const gradeOptions = gradeLevels.map((g) => ({ value: g, label: gradeLevelLabels[g] }));

/**
 * "From the district roster" (part 4 §3): search the district's students by name, school and grade;
 * choosing one fills the Add Client form, and the client is created from (and linked to) the entry.
 * Students who are already clients are shown as such and cannot be chosen.
 */
export function RosterPicker({ organizations, onPick }: RosterPickerProps) {
  const [search, setSearch] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [gradeLevel, setGradeLevel] = useState('');
  const query = useDeferredValue({ search, organizationId, gradeLevel });
  const roster = useRoster(
    { ...(query.search ? { search: query.search } : {}), ...(query.organizationId ? { organizationId: query.organizationId } : {}), ...(query.gradeLevel ? { gradeLevel: query.gradeLevel } : {}) },
    true,
  );
  const schoolName = (id: string | undefined) => organizations.find((o) => o.id === id)?.name ?? 'No school';
  const items = roster.data?.items ?? [];
  return (
    <Stack gap="3" role="region" aria-label="From the district roster">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root>
          <Field.Label>Student name</Field.Label>
          <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="First name" />
        </Field.Root>
        <SelectField label="School" value={organizationId} onChange={setOrganizationId} options={organizations.map((o) => ({ value: o.id, label: o.name }))} placeholder="All schools" />
        <SelectField label="Grade" value={gradeLevel} onChange={setGradeLevel} options={gradeOptions} placeholder="All grades" />
      </SimpleGrid>
      {roster.isError && (
        <Text color="red.700" role="alert">
          Could not load the district roster.
        </Text>
      )}
      {roster.isSuccess && items.length === 0 && <Text color="fg.muted">No student of the district roster matches.</Text>}
      <List.Root gap="1" listStyle="none" aria-label="District roster students">
        {items.map((entry) => (
          <List.Item key={entry.id}>
            <HStack justify="space-between" gap="2" wrap="wrap">
              <Text>{`${entry.firstName} ${entry.lastInitial}. · ${entry.gradeLevel ? gradeLevelLabels[entry.gradeLevel] : 'No grade'} · ${schoolName(entry.organizationId)}`}</Text>
              {entry.clientId ? (
                <Text fontSize="sm" color="fg.muted">
                  Already a client
                </Text>
              ) : (
                <Button size="xs" variant="outline" onClick={() => onPick(entry)} aria-label={`Choose ${entry.firstName} ${entry.lastInitial}.`}>
                  Choose
                </Button>
              )}
            </HStack>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
