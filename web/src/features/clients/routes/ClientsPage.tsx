import { Box, Button, Card, EmptyState } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Client } from '@caseload/contract/caseload';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PlusIcon, UsersIcon } from '../../../components/icons.tsx';
import { ListHeading } from '../../../components/ListHeading.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { PagerBar } from '../../../components/Pager.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useCaseloadScope } from '../../../lib/caseload-scope.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useArchiveClient, useClientPages } from '../api/clients.ts';
import { AddClientDialog } from '../components/AddClientDialog.tsx';
import { ClientFiltersCard } from '../components/ClientFiltersCard.tsx';
import { ClientsTable, ClientsTableSkeleton } from '../components/ClientsTable.tsx';
import { EditClientDialog } from '../components/EditClientDialog.tsx';
import { clientName, type ClientsPageState } from '../../../lib/clients.ts';
import { CLIENT_PAGE_SIZE, filtersFromParams, filtersToQuery, hasFilters, withFilters, type ClientFilters } from '../lib/clients.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

// The note dialog carries the rich-text editor; it loads when the purple button is first used.
const ProgressNoteDialog = lazy(() =>
  import('../../progress-notes/index.ts').then((m) => ({ default: m.ProgressNoteDialog })),
);

export default function ClientsPage() {
  const organizations = useOrganizations().data ?? [];
  const canCreate = usePermission('canCreateClients');
  const canGenerateNotes = usePermission('canGenerateProgressNotes');
  const canArchive = usePermission('canDeleteClients');

  // Every filter lives in the URL, so a reload or a shared link opens the same list.
  const [params, setParams] = useUrlParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const caseload = useCaseloadScope('assignedTo');
  const setFilters = useCallback(
    (change: Partial<ClientFilters>) => setParams((current) => withFilters(current, { ...filtersFromParams(current), ...change })),
    [setParams],
  );
  const query = useMemo(() => (caseload.filter === undefined ? undefined : filtersToQuery(filters, caseload.filter)), [filters, caseload.filter]);
  const clients = useClientPages(query);
  const filtered = hasFilters(filters);

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
    // Once handled, a reload or Back does not open it again (the filters stay).
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, canCreate, navigate]);

  // One page on screen at a time (a district lists thousands); new filters start at the first.
  const [pageIndex, setPageIndex] = useState({ index: 0, query });
  if (pageIndex.query !== query) setPageIndex({ index: 0, query });
  const pages = clients.data?.pages;
  const index = pages ? Math.min(pageIndex.index, pages.length - 1) : 0;
  const rows = pages?.[index]?.items ?? [];
  const loaded = pages?.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  // The total is known once the last page has come (the server sends no count).
  const complete = pages !== undefined && !clients.hasNextPage;
  const first = index * CLIENT_PAGE_SIZE + 1;
  const next = async () => {
    if (!pages?.[index + 1]) {
      const result = await clients.fetchNextPage();
      // An empty last page (the list ended exactly on a page boundary) is not a page to show.
      if (!result.data?.pages[index + 1]?.items.length) return;
    }
    setPageIndex({ index: index + 1, query });
  };
  const showsNext = clients.hasNextPage || (pages !== undefined && index < pages.length - 1 && (pages[index + 1]?.items.length ?? 0) > 0);

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
      <ClientFiltersCard
        filters={filters}
        onChange={setFilters}
        organizations={organizations}
        scope={caseload.scope}
        onScopeChange={caseload.setScope}
      />

      <Card.Root as="section" aria-labelledby="client-list-heading">
        <Card.Body gap="4">
          <ListHeading
            id="client-list-heading"
            title="Clients"
            updating={clients.isFetching}
            count={pages && !clients.isPlaceholderData ? countLabel(loaded, complete, filtered) : undefined}
            countTestId="client-count"
          />
          <QueryState
            query={clients}
            loading="Loading clients"
            placeholder={<ClientsTableSkeleton />}
            error="Could not load your clients."
            retry
            isEmpty={() => loaded === 0}
            empty={
              <EmptyState.Root>
                <EmptyState.Content>
                  <EmptyState.Indicator>
                    <UsersIcon size={32} />
                  </EmptyState.Indicator>
                  <EmptyState.Title>No clients found</EmptyState.Title>
                  <EmptyState.Description>
                    {filtered
                      ? 'Try adjusting your search criteria'
                      : caseload.scope === 'mine'
                        ? 'No clients are assigned to you yet'
                        : 'Get started by adding your first client'}
                  </EmptyState.Description>
                  {!filtered && caseload.scope === 'mine' && (
                    <Button variant="outline" onClick={() => caseload.setScope('all')}>
                      Show all clients
                    </Button>
                  )}
                  {!filtered && caseload.scope !== 'mine' && canCreate && (
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
              // While new filters load, the last list stays, dimmed: no blank flash on school Wi-Fi.
              <Box opacity={clients.isPlaceholderData ? 0.6 : 1} aria-busy={clients.isPlaceholderData}>
                <ClientsTable
                  clients={rows}
                  organizations={organizations}
                  onOpen={setEditing}
                  onGenerateNote={canGenerateNotes ? setNoteFor : undefined}
                  onArchive={canArchive ? setArchiving : undefined}
                />
                {(index > 0 || showsNext) && (
                  <Box mt="4">
                    <PagerBar
                      label="Client list"
                      first={first}
                      last={first + rows.length - 1}
                      total={complete ? loaded : undefined}
                      onPrevious={index > 0 ? () => setPageIndex({ index: index - 1, query }) : undefined}
                      onNext={showsNext ? () => void next() : undefined}
                      loadingNext={clients.isFetchingNextPage}
                    />
                  </Box>
                )}
              </Box>
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

/** '3 clients' once every page has come; 'More than 50 clients' while more may follow. */
function countLabel(loaded: number, complete: boolean, filtered: boolean): string {
  const noun = loaded === 1 ? 'client' : 'clients';
  if (!complete) return `More than ${loaded.toLocaleString()} ${filtered ? 'matching ' : ''}clients`;
  return `${loaded.toLocaleString()} ${filtered ? 'matching ' : ''}${noun}`;
}
