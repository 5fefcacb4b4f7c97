import { Box, Checkbox, HStack, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Organization } from '@caseload/contract/caseload';
import { permissionLabels } from '@caseload/contract/enums';
import { flagGroups, type EditableFlag, type PermissionFormValues } from '../lib/permission-form.ts';

interface PermissionFieldsProps {
  values: PermissionFormValues;
  /** Receives an update of the current values, so taps in quick succession all count. */
  onChange: (update: (values: PermissionFormValues) => PermissionFormValues) => void;
  /** Flags the signed-in user holds: nobody grants what they do not have. */
  canGrant: (flag: EditableFlag) => boolean;
  organizations: readonly Organization[];
  /** False for a manager limited to some organizations: it cannot hand out all of them. */
  allowAllOrganizations: boolean;
  organizationError?: string;
  disabled?: boolean;
}

/** The permission flags and organization access of the Add User and Edit Permissions dialogs. */
export function PermissionFields({ values, onChange, canGrant, organizations, allowAllOrganizations, organizationError, disabled }: PermissionFieldsProps) {
  const setFlag = (flag: EditableFlag, on: boolean) => onChange((current) => ({ ...current, flags: { ...current.flags, [flag]: on } }));
  const toggleOrganization = (id: string, on: boolean) =>
    onChange((current) => ({
      ...current,
      organizationIds: on ? [...new Set([...current.organizationIds, id])] : current.organizationIds.filter((o) => o !== id),
    }));
  const someWithheld = flagGroups.some((group) => group.flags.some((flag) => !canGrant(flag)));

  return (
    <Stack gap="5">
      <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4">
        <Text as="legend" fontWeight="semibold" px="1">
          Permissions
        </Text>
        {someWithheld && (
          <Text fontSize="sm" color="fg.muted" mb="3">
            You can only grant permissions you have yourself.
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {flagGroups.map((group) => (
            <Stack key={group.title} gap="2" role="group" aria-label={group.title}>
              <Text fontSize="sm" fontWeight="medium" color="fg.muted" aria-hidden="true">
                {group.title}
              </Text>
              {group.flags.map((flag) => (
                <Checkbox.Root
                  key={flag}
                  size="sm"
                  checked={values.flags[flag]}
                  // A flag the granter lacks can still be switched off, never on.
                  disabled={disabled || (!canGrant(flag) && !values.flags[flag])}
                  onCheckedChange={(details) => setFlag(flag, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{permissionLabels[flag]}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Box>

      <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4">
        <Text as="legend" fontWeight="semibold" px="1">
          Organization access
        </Text>
        <RadioGroup.Root
          size="sm"
          value={values.access}
          onValueChange={(details) => onChange((current) => ({ ...current, access: details.value === 'all' ? 'all' : 'selected' }))}
          disabled={disabled}
          aria-label="Organization access"
        >
          <HStack gap="6" wrap="wrap">
            {allowAllOrganizations && (
              <RadioGroup.Item value="all">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>All Organizations</RadioGroup.ItemText>
              </RadioGroup.Item>
            )}
            <RadioGroup.Item value="selected">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>Selected organizations</RadioGroup.ItemText>
            </RadioGroup.Item>
          </HStack>
        </RadioGroup.Root>
        {values.access === 'selected' && (
          <Stack gap="2" mt="3" ps="1" role="group" aria-label="Organizations">
            {organizations.length === 0 && <Text fontSize="sm" color="fg.muted">No organizations yet. Add one on the Organizations page.</Text>}
            {organizations.map((organization) => (
              <Checkbox.Root
                key={organization.id}
                size="sm"
                checked={values.organizationIds.includes(organization.id)}
                disabled={disabled}
                onCheckedChange={(details) => toggleOrganization(organization.id, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{organization.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
        {organizationError && (
          <Text color="red.600" fontSize="sm" mt="2" role="alert">
            {organizationError}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
