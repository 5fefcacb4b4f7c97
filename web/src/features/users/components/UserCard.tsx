import { Badge, Box, Button, Circle, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ManagedUser, Organization } from '@caseload/contract/caseload';
import { permissionLabels, roleLabels } from '@caseload/contract/enums';
import { NO_SUPERVISOR } from '@caseload/contract/signatures';
import { EditIcon } from '../../../components/icons.tsx';
import { grantedLabels } from '../lib/permission-form.ts';

interface UserCardProps {
  user: ManagedUser;
  organizations: readonly Organization[];
  onToggleActive: () => void;
  toggling: boolean;
  onEdit: () => void;
  /** The account's active users' names by id, to name an assistant's supervisors (undefined while loading). */
  names: ReadonlyMap<string, string> | undefined;
  /** Opens the supervisors dialog (assistants only). */
  onSetSupervisors: () => void;
  /** Opens the Set password dialog (a user imported with the district, awaiting a password). */
  onSetPassword: () => void;
}

/** One child user: who, whether active, which organizations, what they may do, and an assistant's supervisors. */
export function UserCard({ user, organizations, onToggleActive, toggling, onEdit, names, onSetSupervisors, onSetPassword }: UserCardProps) {
  const name = `${user.firstName} ${user.lastName}`;
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  const ids = user.permissions.allowedOrganizationIds;
  const organizationNames = new Map(organizations.map((o) => [o.id, o.name]));
  const access = ids.length === 0 ? 'All Organizations' : ids.map((id) => organizationNames.get(id) ?? 'Unavailable organization').join(', ');
  const granted = grantedLabels(user.permissions, permissionLabels);
  // A supervisor switched off since is no longer among the active users.
  const supervisors = names && user.supervisorIds?.map((id) => names.get(id) ?? 'Unavailable user');

  return (
    // On a phone the actions go under the details (beside them they squeezed the text to a narrow column).
    <Flex as="li" borderWidth="1px" borderRadius="lg" p="4" gap="4" align="flex-start" wrap={{ base: 'wrap', sm: 'nowrap' }} bg="white" data-testid="user-card" aria-label={name}>
      <Circle size="10" bg={user.isActive ? 'blue.600' : 'gray.600'} color="white" fontWeight="semibold" aria-hidden="true" flexShrink="0">
        {initials}
      </Circle>
      <Stack flex="1" minW="0" gap="1">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold">{name}</Text>
          <Badge colorPalette={user.isActive ? 'green' : 'gray'}>{user.isActive ? 'Active' : 'Inactive'}</Badge>
          {user.awaitingPassword && <Badge colorPalette="orange">Imported: needs a password</Badge>}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {user.email}
        </Text>
        <Text fontSize="sm">{roleLabels[user.role]}</Text>
        <Box fontSize="sm" color="fg.muted" mt="1">
          <Text>
            <Text as="span" fontWeight="medium" color="fg">
              Organizations:
            </Text>{' '}
            {access}
          </Text>
          <Text>
            <Text as="span" fontWeight="medium" color="fg">
              Permissions:
            </Text>{' '}
            {granted.length ? granted.join(', ') : 'None'}
          </Text>
          {supervisors && (
            <Text>
              <Text as="span" fontWeight="medium" color="fg">
                Supervising SLPs:
              </Text>{' '}
              {supervisors.length ? supervisors.join(', ') : NO_SUPERVISOR}
            </Text>
          )}
        </Box>
      </Stack>
      <Flex gap="2" flexShrink="0" wrap="wrap" w={{ base: 'full', sm: 'auto' }} ps={{ base: '14', sm: '0' }}>
        {user.awaitingPassword ? (
          // Imported without a password: setting one is what activates the user.
          <Button size="sm" colorPalette="blue" onClick={onSetPassword} aria-label={`Set password for ${name}`}>
            Set password
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={onToggleActive} loading={toggling} aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${name}`}>
            {user.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        )}
        {user.role === 'assistant' && (
          <Button size="sm" variant="outline" onClick={onSetSupervisors} aria-label={`Supervisors for ${name}`}>
            Supervisors
          </Button>
        )}
        <IconButton size="sm" variant="outline" aria-label={`Edit permissions for ${name}`} onClick={onEdit}>
          <EditIcon size={16} />
        </IconButton>
      </Flex>
    </Flex>
  );
}
