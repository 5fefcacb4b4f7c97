import { Button, SimpleGrid } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PlusIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import type { ClientsPageState } from '../../clients/index.ts';
import { useDashboardStats } from '../api/dashboard.ts';
import { QuickActions } from '../components/QuickActions.tsx';
import { RecentActivities } from '../components/RecentActivities.tsx';
import { StatCards } from '../components/StatCards.tsx';
import { TodaysSessions } from '../components/TodaysSessions.tsx';

/** 'Add Client' lands on /clients with the add dialog open. */
const addClientState: ClientsPageState = { addClient: true };

export default function DashboardPage() {
  const stats = useDashboardStats();
  const canAddClient = usePermission('canCreateClients');

  return (
    <>
      <PageHeading
        title="Dashboard"
        subtitle="Overview of your SLP practice"
        actions={
          canAddClient && (
            <Button asChild colorPalette="blue">
              <RouterLink to="/clients" state={addClientState}>
                <PlusIcon size={16} />
                Add Client
              </RouterLink>
            </Button>
          )
        }
      />
      <StatCards stats={stats.data} loading={stats.isPending} />
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        <RecentActivities />
        <TodaysSessions />
        <QuickActions />
      </SimpleGrid>
    </>
  );
}
