import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CalendarIcon, PlusIcon, TargetIcon } from '../../../components/icons.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import type { ClientsPageState } from '../../clients/index.ts';

/**
 * 'Add New Client' opens the add dialog on /clients. 'Create Goal' goes to /clients too: the spec's
 * /goals has no screen, and goals are created from a client (Edit Client → 'Goals & Progress').
 * Each action shows only to users allowed to do it.
 */
const addClientState: ClientsPageState = { addClient: true };

export function QuickActions() {
  const canAddClient = usePermission('canCreateClients');
  const canSchedule = usePermission('canCreateSessions');
  const canManageGoals = usePermission('canManageGoals');

  return (
    <Card.Root as="section" aria-labelledby="quick-actions-heading" height="full">
      <Card.Header>
        <Heading as="h2" size="md" id="quick-actions-heading">
          Quick Actions
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {canAddClient && (
            <Button asChild variant="outline" justifyContent="flex-start">
              <RouterLink to="/clients" state={addClientState}>
                <PlusIcon size={16} />
                Add New Client
              </RouterLink>
            </Button>
          )}
          {canSchedule && (
            <Button asChild variant="outline" justifyContent="flex-start">
              <RouterLink to="/sessions">
                <CalendarIcon size={16} />
                Schedule Session
              </RouterLink>
            </Button>
          )}
          {canManageGoals && (
            <Button asChild variant="outline" justifyContent="flex-start">
              <RouterLink to="/clients">
                <TargetIcon size={16} />
                Create Goal
              </RouterLink>
            </Button>
          )}
          {!canAddClient && !canSchedule && !canManageGoals && (
            <Text color="fg.muted" fontSize="sm">
              No quick actions are available with your permissions.
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
