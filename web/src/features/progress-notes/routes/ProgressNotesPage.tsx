import { Alert, Box, Button, EmptyState, Flex, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { Client } from '@caseload/contract/caseload';
import type { BulkJob } from '@caseload/contract/notes';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FileTextIcon, SparklesIcon, UsersIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ScopeSwitch } from '../../../components/ScopeSwitch.tsx';
import { useCaseloadScope } from '../../../lib/caseload-scope.ts';
import { Pager, usePage } from '../../../components/Pager.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { notify } from '../../../lib/toaster.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { clientName, useClients } from '../../../lib/clients.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useDeleteProgressNote, useProgressNotes } from '../api/progress-notes.ts';
import { BulkGenerateDialog } from '../components/BulkGenerateDialog.tsx';
import { BulkProgressCard } from '../components/BulkProgressCard.tsx';
import { ClientPickerDialog } from '../components/ClientPickerDialog.tsx';
import { EditNoteDialog } from '../components/EditNoteDialog.tsx';
import { MissingNotesCard } from '../components/MissingNotesCard.tsx';
import { NoteCard } from '../components/NoteCard.tsx';
import { NoteFiltersCard } from '../components/NoteFiltersCard.tsx';
import { ProgressNoteDialog } from '../components/ProgressNoteDialog.tsx';
import { ViewNoteDialog } from '../components/ViewNoteDialog.tsx';
import { filterNotes, hasActiveFilters, listNotes, noNoteFilters, type NoteFilters } from '../lib/notes.ts';

/** /progress-notes: the current period's missing notes, generate one or many notes, search and filter, view, edit and delete. */
export default function ProgressNotesPage() {
  const canView = usePermission('canViewProgressNotes');
  const canGenerate = usePermission('canGenerateProgressNotes');
  const canEdit = usePermission('canEditProgressNotes');
  const canDelete = usePermission('canDeleteProgressNotes');

  // A user id in the URL (another screen's clinician filter) reads as 'all': notes take 'me' or 'all'.
  const caseload = useCaseloadScope('assignedTo');
  const assignedTo = caseload.scope === undefined ? undefined : caseload.scope === 'mine' ? 'me' : 'all';
  const notes = useProgressNotes(assignedTo, canView);
  // The notes' clients, for their names and the pickers: the same caseload.
  const clients = useClients({ assignedTo: assignedTo ?? 'all' }, assignedTo !== undefined);
  const organizations = useOrganizations();
  const removeNote = useDeleteProgressNote();

  const [filters, setFilters] = useState<NoteFilters>(noNoteFilters);
  const [picking, setPicking] = useState(false);
  const [generateFor, setGenerateFor] = useState<Client | null>(null);
  // The next dialog opens once the one before it has closed (see AppDialog's onExitComplete).
  const [picked, setPicked] = useState<Client | null>(null);
  const [editNext, setEditNext] = useState<string | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkJob, setBulkJob] = useState<BulkJob | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const clientList = useMemo(() => [...(clients.data ?? [])].sort((a, b) => clientName(a).localeCompare(clientName(b))), [clients.data]);
  const listed = useMemo(() => {
    const byId = new Map(clientList.map((c) => [c.id, { name: clientName(c), organizationId: c.organizationId }]));
    return listNotes(notes.data ?? [], byId, plainText);
  }, [notes.data, clientList]);
  const shown = useMemo(() => filterNotes(listed, filters), [listed, filters]);
  const page = usePage(shown, filters);
  const find = (id: string | null) => (id ? (listed.find((item) => item.note.id === id) ?? null) : null);
  const deleting = find(deletingId);

  const confirmDelete = () => {
    if (!deleting) return;
    removeNote.mutate(deleting.note, {
      onSuccess: () => {
        notify.success({ title: 'Progress note deleted' });
        setDeletingId(null);
        if (viewingId === deleting.note.id) setViewingId(null);
      },
      onError: () => notify.error({ title: 'Error', description: 'Failed to delete progress note' }),
    });
  };

  const clientOptions = clientList.map((c) => ({ value: c.id, label: clientName(c) }));
  const organizationOptions = (organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const bulkRunning = bulkJob !== null && bulkJob.status === 'running';

  return (
    <>
      <PageHeading
        title="Progress Notes"
        subtitle="AI-drafted progress notes from your session data"
        actions={
          <Flex gap="3" wrap="wrap" align="center">
            <ScopeSwitch scope={caseload.scope} onChange={caseload.setScope} />
            {canGenerate && (
              <>
                <Button colorPalette="purple" onClick={() => setPicking(true)}>
                  <SparklesIcon /> Generate New Note
                </Button>
                <Button variant="outline" colorPalette="purple" onClick={() => setBulkOpen(true)} disabled={bulkRunning}>
                  <UsersIcon /> Generate for Multiple Clients
                </Button>
              </>
            )}
          </Flex>
        }
      />

      {bulkJob && <BulkProgressCard key={bulkJob.jobId} job={bulkJob} onDismiss={() => setBulkJob(null)} />}

      {!canView ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>You don't have permission to view progress notes. Ask your account administrator for access.</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          <MissingNotesCard assignedTo={assignedTo} canGenerate={canGenerate} busy={bulkRunning} onStarted={setBulkJob} />
          <NoteFiltersCard filters={filters} onChange={setFilters} clientOptions={clientOptions} organizationOptions={organizationOptions} />
          <Box as="section" aria-labelledby="notes-list-heading">
            <Heading as="h2" size="lg" id="notes-list-heading" mb="4">
              Notes ({notes.isPending ? '…' : shown.length})
            </Heading>
            <QueryState
              query={notes}
              loading="Loading progress notes"
              placeholder={
                <Stack gap="3">
                  <Skeleton height="28" />
                  <Skeleton height="28" />
                </Stack>
              }
              error="Could not load progress notes."
              isEmpty={() => shown.length === 0}
              empty={
                <EmptyState.Root borderWidth="1px" borderRadius="md" bg="white">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <FileTextIcon size={32} />
                    </EmptyState.Indicator>
                    <EmptyState.Title>No progress notes found</EmptyState.Title>
                    <EmptyState.Description>
                      {hasActiveFilters(filters) ? 'Try adjusting your search criteria' : 'Get started by generating your first AI-powered progress note'}
                    </EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              }
            >
              {() => (
                <Stack gap="4">
                  <Stack as="ul" gap="3" listStyleType="none">
                    {page.items.map((item) => (
                      <NoteCard
                        key={item.note.id}
                        item={item}
                        canEdit={canEdit}
                        canDelete={canDelete}
                        onView={() => setViewingId(item.note.id)}
                        onEdit={() => setEditingId(item.note.id)}
                        onDelete={() => setDeletingId(item.note.id)}
                      />
                    ))}
                  </Stack>
                  <Pager page={page} label="Progress notes" />
                </Stack>
              )}
            </QueryState>
          </Box>
        </>
      )}

      <ClientPickerDialog
        open={picking}
        clients={clientList}
        onClose={() => setPicking(false)}
        onPick={(client) => {
          setPicked(client);
          setPicking(false);
        }}
        onExitComplete={() => {
          if (picked) setGenerateFor(picked);
          setPicked(null);
        }}
      />
      {generateFor && <ProgressNoteDialog client={generateFor} open onOpenChange={(open) => !open && setGenerateFor(null)} />}
      <BulkGenerateDialog open={bulkOpen} assignedTo={assignedTo ?? 'all'} organizations={organizations.data ?? []} onClose={() => setBulkOpen(false)} onStarted={setBulkJob} />
      <ViewNoteDialog
        item={find(viewingId)}
        canEdit={canEdit}
        canDelete={canDelete}
        onClose={() => setViewingId(null)}
        onEdit={() => {
          setEditNext(viewingId);
          setViewingId(null);
        }}
        onExitComplete={() => {
          if (editNext) setEditingId(editNext);
          setEditNext(null);
        }}
        onDelete={() => setDeletingId(viewingId)}
      />
      <EditNoteDialog item={find(editingId)} onClose={() => setEditingId(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Progress Note"
        description={`Are you sure you want to delete the progress note for ${deleting?.clientName ?? ''}?`}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeletingId(null)}
        pending={removeNote.isPending}
      />
    </>
  );
}
