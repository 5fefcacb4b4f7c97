import { Button, EmptyState, SimpleGrid, Skeleton } from '@chakra-ui/react';
import { useState } from 'react';
import type { Organization } from '@caseload/contract/caseload';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { BuildingIcon, PlusIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useArchiveOrganization, useOrganizations } from '../api/organizations.ts';
import { OrganizationCard } from '../components/OrganizationCard.tsx';
import { OrganizationDetailsDialog } from '../components/OrganizationDetailsDialog.tsx';
import { OrganizationDialog } from '../components/OrganizationDialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; organization: Organization };

/** The organizations page; adding, editing and archiving are for users who manage users and organizations. */
export default function OrganizationsPage() {
  const organizations = useOrganizations();
  const canManage = usePermission('canManageUsers');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewing, setViewing] = useState<Organization | null>(null);
  const [archiving, setArchiving] = useState<Organization | null>(null);
  const archive = useArchiveOrganization();

  const add = () => setEditing({ mode: 'add' });
  const confirmArchive = () => {
    if (!archiving) return;
    archive.mutate(archiving.id, {
      onSuccess: () => {
        notify.success({ title: 'Organization archived', description: `${archiving.name} has been archived.` });
        setArchiving(null);
      },
      // e.g. 409 while the organization still has active clients: the server's message says what to do.
      onError: (error) => {
        notify.error({ title: 'Error archiving organization', description: errorMessage(error, 'Please try again.') });
        setArchiving(null);
      },
    });
  };

  return (
    <>
      <PageHeading
        title="Organization Management"
        subtitle="The schools, clinics and practices where you see clients"
        actions={
          canManage && (
            <Button colorPalette="blue" onClick={add}>
              <PlusIcon size={16} />
              Add Organization
            </Button>
          )
        }
      />

      <QueryState
        query={organizations}
        loading="Loading organizations"
        placeholder={
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="64" borderRadius="lg" />
            ))}
          </SimpleGrid>
        }
        error="Could not load your organizations."
        retry
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <BuildingIcon size={32} />
              </EmptyState.Indicator>
              <EmptyState.Title as="h2">No organizations found</EmptyState.Title>
              {canManage && (
                <Button colorPalette="blue" onClick={add}>
                  <PlusIcon size={16} />
                  Add Your First Organization
                </Button>
              )}
            </EmptyState.Content>
          </EmptyState.Root>
        }
      >
        {(list) => (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6">
            {list.map((organization) => (
              <OrganizationCard
                key={organization.id}
                organization={organization}
                onView={() => setViewing(organization)}
                onEdit={canManage ? () => setEditing({ mode: 'edit', organization }) : undefined}
                onArchive={canManage ? () => setArchiving(organization) : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>

      {canManage && editing && (
        <OrganizationDialog
          key={editing.mode === 'edit' ? editing.organization.id : 'add'}
          organization={editing.mode === 'edit' ? editing.organization : undefined}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {viewing && <OrganizationDetailsDialog organization={viewing} open onOpenChange={(open) => !open && setViewing(null)} />}
      <ConfirmDialog
        open={archiving !== null}
        title="Archive organization"
        description={archiving ? `Archive ${archiving.name}? It will no longer be offered for clients or users.` : ''}
        confirmLabel="Archive"
        onConfirm={confirmArchive}
        onCancel={() => setArchiving(null)}
        pending={archive.isPending}
      />
    </>
  );
}
