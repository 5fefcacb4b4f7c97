import { Button, Card, EmptyState, Flex, Heading, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Client } from '@caseload/contract/caseload';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PlusIcon, UsersIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { Pager, usePage } from '../../../components/Pager.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useArchiveClient, useClients } from '../api/clients.ts';
import { AddClientDialog } from '../components/AddClientDialog.tsx';
import { ClientFiltersCard } from '../components/ClientFiltersCard.tsx';
import { ClientsTable, ClientsTableSkeleton } from '../components/ClientsTable.tsx';
import { EditClientDialog } from '../components/EditClientDialog.tsx';
import { clientName, filterClients, noFilters, sortClients, type ClientFilters } from '../lib/clients.ts';

// The note dialog carries the rich-text editor; it loads when the purple button is first used.
const ProgressNoteDialog = lazy(() =>
  import('../../progress-notes/index.ts').then((m) => ({ default: m.ProgressNoteDialog })),
);

/** Navigation state that opens the Add New Client dialog on arrival (the dashboard's 'Add New Client'). */
export interface ClientsPageState {
  addClient?: boolean;
}

export default function ClientsPage() {
  const clients = useClients();
  const organizations = useOrganizations().data ?? [];
  const canCreate = usePermission('canCreateClients');
  const canGenerateNotes = usePermission('canGenerateProgressNotes');
  const canArchive = usePermission('canDeleteClients');

  const [filters, setFilters] = useState<ClientFilters>(noFilters);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Client | null>(null);
  const [noteFor, setNoteFor] = useState<Client | null>(null);
  const [archiving, setArchiving] = useState<Client | null>(null);
  const archive = useArchiveClient();

  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!(location.state as ClientsPageState | null)?.addClient) return;
    if (canCreate) setAdding(true);
    // Once handled, a reload or Back does not open it again.
    void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, canCreate, navigate]);

  const all = clients.data;
  const visible = useMemo(() => (all ? sortClients(filterClients(all, filters)) : []), [all, filters]);
  const page = usePage(visible, filters);

  const confirmArchive = () => {
    if (!archiving) return;
    const name = clientName(archiving);
    archive.mutate(archiving.id, {
      onSuccess: () => {
        notify.success({ title: 'Client archived', description: `${name} has been archived.` });
        setArchiving(null);
      },
      onError: (error) => notify.error({ title: 'Archive failed', description: errorMessage(error, `Failed to archive ${name}.`) }),
    });
  };

  return (
    <>
      <PageHeading
        title="Client Management"
        subtitle="Manage your caseload and client information"
        actions={
          canCreate && (
            <Button colorPalette="blue" onClick={() => setAdding(true)}>
              <PlusIcon size={16} />
              Add Client
            </Button>
          )
        }
      />
      <ClientFiltersCard filters={filters} onChange={setFilters} organizations={organizations} />

      <Card.Root as="section" aria-labelledby="client-list-heading">
        <Card.Body gap="4">
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="md" id="client-list-heading">
              Clients
            </Heading>
            {all && (
              <Text color="fg.muted" fontSize="sm" aria-live="polite" data-testid="client-count">
                {visible.length === all.length
                  ? `${all.length} ${all.length === 1 ? 'client' : 'clients'}`
                  : `${visible.length} of ${all.length} clients`}
              </Text>
            )}
          </Flex>
          <QueryState
            query={clients}
            loading="Loading clients"
            placeholder={<ClientsTableSkeleton />}
            error="Could not load your clients."
            retry
            isEmpty={() => visible.length === 0}
            empty={
              <EmptyState.Root>
                <EmptyState.Content>
                  <EmptyState.Indicator>
                    <UsersIcon size={32} />
                  </EmptyState.Indicator>
                  <EmptyState.Title>No clients found</EmptyState.Title>
                  <EmptyState.Description>
                    {all?.length === 0 ? 'Get started by adding your first client' : 'Try adjusting your search criteria'}
                  </EmptyState.Description>
                  {all?.length === 0 && canCreate && (
                    <Button colorPalette="blue" onClick={() => setAdding(true)}>
                      <PlusIcon size={16} />
                      Add Client
                    </Button>
                  )}
                </EmptyState.Content>
              </EmptyState.Root>
            }
          >
            {() => (
              <>
                <ClientsTable
                  clients={page.items}
                  organizations={organizations}
                  onOpen={setEditing}
                  onGenerateNote={canGenerateNotes ? setNoteFor : undefined}
                  onArchive={canArchive ? setArchiving : undefined}
                />
                <Pager page={page} label="Client list" />
              </>
            )}
          </QueryState>
        </Card.Body>
      </Card.Root>

      {canCreate && <AddClientDialog open={adding} onOpenChange={setAdding} />}
      {editing && <EditClientDialog key={editing.id} client={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {noteFor && (
        <Suspense>
          <ProgressNoteDialog client={noteFor} open onOpenChange={(open) => !open && setNoteFor(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={archiving !== null}
        title="Archive client"
        description={
          archiving ? `Archive ${clientName(archiving)}? The client leaves your caseload and every list; the records are kept.` : ''
        }
        confirmLabel="Archive"
        onConfirm={confirmArchive}
        onCancel={() => setArchiving(null)}
        pending={archive.isPending}
      />
    </>
  );
}
