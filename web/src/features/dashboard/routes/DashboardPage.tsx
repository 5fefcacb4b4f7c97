import { Button, Flex, SimpleGrid } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PlusIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ScopeSwitch } from '../../../components/ScopeSwitch.tsx';
import { useCaseloadScope } from '../../../lib/caseload-scope.ts';
import { usePermission } from '../../../lib/permissions.ts';
import type { ClientsPageState } from '../../../lib/clients.ts';
import { useDashboardStats } from '../api/dashboard.ts';
import { MinutesCounts } from '../components/MinutesCounts.tsx';
import { PendingSignatures } from '../components/PendingSignatures.tsx';
import { QuickActions } from '../components/QuickActions.tsx';
import { RecentActivities } from '../components/RecentActivities.tsx';
import { StatCards } from '../components/StatCards.tsx';
import { TodaysSessions } from '../components/TodaysSessions.tsx';

/** 'Add Client' lands on /clients with the add dialog open. */
const addClientState: ClientsPageState = { addClient: true };

export default function DashboardPage() {
  // The dashboard counts the whole caseload, never one other clinician's: a user id in the URL reads as 'all'.
  const caseload = useCaseloadScope('assignedTo');
  const assignedTo = caseload.scope === undefined ? undefined : caseload.scope === 'mine' ? 'me' : 'all';
  const stats = useDashboardStats(assignedTo);
  const canAddClient = usePermission('canCreateClients');

  return (
    <>
      <PageHeading
        title="Dashboard"
        subtitle="Overview of your SLP practice"
        actions={
          <Flex gap="3" wrap="wrap" align="center">
            <ScopeSwitch scope={caseload.scope} onChange={caseload.setScope} />
            {canAddClient && (
              <Button asChild colorPalette="blue">
                <RouterLink to="/clients" state={addClientState}>
                  <PlusIcon size={16} />
                  Add Client
                </RouterLink>
              </Button>
            )}
          </Flex>
        }
      />
      <StatCards stats={stats.data} loading={stats.isPending} />
      <MinutesCounts assignedTo={assignedTo} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <PendingSignatures />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        <RecentActivities />
        <TodaysSessions providerId={assignedTo} />
        <QuickActions />
      </SimpleGrid>
    </>
  );
}
