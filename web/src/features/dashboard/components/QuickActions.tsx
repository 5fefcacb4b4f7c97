import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CalendarIcon, PlusIcon } from '../../../components/icons.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import type { ClientsPageState } from '../../../lib/clients.ts';
import { CreateGoalAction } from './CreateGoalAction.tsx';

/**
 * 'Add New Client' opens the add dialog on /clients. 'Create Goal' asks for the client, then opens
 * the goal dialog for that client (the spec's /goals has no screen: goals belong to a client).
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
          {canManageGoals && <CreateGoalAction />}
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
