import { Box, Button, Card, Center, Flex, Grid, Heading, Skeleton, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Goal, Session } from '@caseload/contract/sessions';
import { PlusIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ToggleButtons } from '../../../components/ToggleButtons.tsx';
import { useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { isApiError } from '../../../lib/api.ts';
import {
  useSession,
  useSessionClientGoals,
  useSessionNotes,
  useSessionPermissions,
  useSessionProgress,
} from '../api/sessions.ts';
import { AddClientDialog } from '../components/AddClientDialog.tsx';
import { ParticipantPanel } from '../components/ParticipantPanel.tsx';
import { ScoreGrid, type ScoreGridRow } from '../components/ScoreGrid.tsx';
import { SessionFormDialog, type SessionDialogMode } from '../components/SessionFormDialog.tsx';
import { SessionMarks } from '../components/SessionMarks.tsx';
import { SessionStatusBadge } from '../components/SessionStatusBadge.tsx';
import { canceledLabel, fullDateTime, participantStatusLabels, personName, sessionTypeLabels } from '../lib/format.ts';
import { BackLink } from '../../../components/BackLink.tsx';


/** Session detail: information, and per-client notes and goal data with autosave. */
export default function SessionDetailPage() {
  const { id = '' } = useParams();
  const session = useSession(id);

  return (
    <QueryState
      query={session}
      loading="Loading"
      placeholder={
        <Center minH="50vh">
          <Spinner size="xl" color="blue.600" />
        </Center>
      }
      error={<SessionNotFound />}
    >
      {(loaded) => <SessionDetail session={loaded} />}
    </QueryState>
  );
}

function SessionNotFound() {
  return (
    <Stack gap="4" align="flex-start">
      <Heading as="h1" size="2xl">
        Session Not Found
      </Heading>
      <Text color="fg.muted">This session does not exist, was deleted, or could not be loaded.</Text>
      <Button asChild colorPalette="blue">
        <RouterLink to="/sessions">Back to Sessions</RouterLink>
      </Button>
    </Stack>
  );
}

function SessionDetail({ session }: { session: Session }) {
  const navigate = useNavigate();
  const permissions = useSessionPermissions();
  const [dialog, setDialog] = useState<SessionDialogMode | null>(null);
  const timeZone = useAccountTimeZone();
  const participants = session.sessionParticipants;

  return (
    <Stack gap="6">
      <BackLink to="/sessions" label="Back to Sessions" />
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap">
        <Box>
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="2xl">
              Session Details
            </Heading>
            <SessionStatusBadge status={session.status} cancelReason={session.cancelReason} size="md" />
            <SessionMarks session={session} iconSize={20} badgeSize="md" />
          </Flex>
          <Text color="fg.muted">{fullDateTime(session.scheduledAt, timeZone)}</Text>
        </Box>
        {permissions.canEditSessions && (
          <Button variant="outline" onClick={() => setDialog({ kind: 'edit', session })}>
            Edit Session
          </Button>
        )}
      </Flex>

      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="lg">
            Session Information
          </Heading>
        </Card.Header>
        <Card.Body>
          <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="3">
            <InfoItem label="Duration" value={`${session.duration} minutes`} />
            <InfoItem label="Type" value={sessionTypeLabels[session.type]} />
            <InfoItem label="Clients" value={String(participants.length)} />
            {session.notes && <InfoItem label="Notes" value={session.notes} />}
          </Grid>
        </Card.Body>
      </Card.Root>

      {participants.length > 0 && <ClientProgressCard session={session} canEdit={permissions.canEditSessions} canManageGoals={permissions.canManageGoals} />}

      <SessionFormDialog
        mode={dialog}
        onClose={() => setDialog(null)}
        onDeleted={() => void navigate('/sessions')}
        // The following occurrences were replaced, this one too unless documented: back to the calendar.
        onSeriesChanged={() => void navigate('/sessions')}
      />
    </Stack>
  );
}

const viewOptions = [
  { value: 'students', label: 'By student' },
  { value: 'grid', label: 'Score grid' },
] as const;

/** A group session: each student's tab, or the students × goals grid to score anyone from one screen. */
function ViewSwitch({ view, onChange }: { view: 'students' | 'grid'; onChange: (view: 'students' | 'grid') => void }) {
  return <ToggleButtons label="View" options={viewOptions} value={view} onChange={onChange} alignSelf="flex-start" />;
}

function InfoItem({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" whiteSpace="pre-wrap">
        {value}
      </Text>
    </>
  );
}

const noGoals: readonly Goal[] = [];

interface ClientProgressCardProps {
  session: Session;
  canEdit: boolean;
  canManageGoals: boolean;
}

/** 'Client Progress & Notes': one tab per participant and the Add Client dialog. */
function ClientProgressCard({ session, canEdit, canManageGoals }: ClientProgressCardProps) {
  const participants = session.sessionParticipants;
  const goals = useSessionClientGoals(session.id);
  const notes = useSessionNotes(session.id);
  const progress = useSessionProgress(session.id);
  // A link to one client's note (the dashboard's pending signatures) opens on that client's tab.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<string | null>(() => searchParams.get('client'));
  const [adding, setAdding] = useState(false);
  const [view, setView] = useState<'students' | 'grid'>('students');
  const present = participants.map((p) => p.client.id);
  const current = tab && present.includes(tab) ? tab : present[0]!;
  const group = participants.length >= 2;

  // Notes are never kept on the device (part 4 §2): offline, scoring goes on without them.
  const notesOffline = notes.isError && !isApiError(notes.error);
  // The tabs need all three lists: one combined result for QueryState, retrying all three.
  const loaded = {
    data: goals.data && (notes.data || notesOffline) && progress.data ? { goals: goals.data, notes: notes.data ?? [], progress: progress.data } : undefined,
    isError: goals.isError || (notes.isError && !notesOffline) || progress.isError,
    refetch: () => Promise.all([goals.refetch(), notes.refetch(), progress.refetch()]),
  };

  // Goals no longer active still show where they have data in this session. Only those goals' ids
  // are the key, so a save (a new progress list) does not rebuild the grid's rows.
  const inactiveWithData = useMemo(() => {
    const inactive = new Set((goals.data ?? []).filter((goal) => goal.status !== 'active').map((goal) => goal.id));
    return [...new Set((progress.data ?? []).map((point) => point.goalId).filter((id) => inactive.has(id)))].sort().join(' ');
  }, [goals.data, progress.data]);

  const goalsOf = useCallback(
    (clientId: string): Goal[] => {
      const recorded = new Set(inactiveWithData.split(' '));
      return (goals.data ?? []).filter((goal) => goal.clientId === clientId && (goal.status === 'active' || recorded.has(goal.id)));
    },
    [goals.data, inactiveWithData],
  );

  // Stable lists (a note or progress save does not rebuild them), so the memoized tabs and grid rows stay put.
  const goalsByClient = useMemo(() => new Map(participants.map((p) => [p.client.id, goalsOf(p.client.id)])), [participants, goalsOf]);
  const gridRows = useMemo<ScoreGridRow[]>(
    () =>
      participants.map((participant) => ({
        client: participant.client,
        goals: goalsByClient.get(participant.client.id) ?? noGoals,
        signed: Boolean(notes.data?.find((note) => note.clientId === participant.client.id)?.signature),
      })),
    [participants, goalsByClient, notes.data],
  );

  return (
    <Card.Root>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg">
            Client Progress &amp; Notes
          </Heading>
          {canEdit && (
            <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
              <PlusIcon size={16} />
              Add Client
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body>
        <QueryState
          query={loaded}
          loading="Loading the notes and goals of this session"
          placeholder={
            <Stack gap="3">
              <Skeleton height="10" />
              <Skeleton height="40" />
            </Stack>
          }
          error="Could not load the notes and goals of this session."
          retry
        >
          {(data) => (
            <Stack gap="4">
              {group && <ViewSwitch view={view} onChange={setView} />}
              {group && view === 'grid' && <ScoreGrid sessionId={session.id} rows={gridRows} canEdit={canEdit} />}
              {/* The tabs stay mounted behind the grid, so switching views never interrupts a pending save. */}
              <Box hidden={group && view === 'grid'}>
                <Tabs.Root value={current} onValueChange={(details) => setTab(details.value)} variant="line">
                  <Tabs.List overflowX="auto">
                    {participants.map((participant) => (
                      <Tabs.Trigger key={participant.client.id} value={participant.client.id}>
                        {personName(participant.client)}{' '}
                        <Text as="span" fontSize="xs" color="fg.muted">
                          ({participant.status === 'canceled' ? canceledLabel(participant.cancelReason) : participantStatusLabels[participant.status]})
                        </Text>
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                  {participants.map((participant) => (
                    // Every tab stays mounted, so switching clients never interrupts a pending save.
                    <Tabs.Content key={participant.client.id} value={participant.client.id} pt="5">
                      <ParticipantPanel
                        sessionId={session.id}
                        scheduledAt={session.scheduledAt}
                        providerId={session.providerId}
                        sessionStatus={session.status}
                        participant={participant}
                        note={data.notes.find((note) => note.clientId === participant.client.id)}
                        notesOffline={notesOffline}
                        goals={goalsByClient.get(participant.client.id) ?? noGoals}
                        canEdit={canEdit}
                        canManageGoals={canManageGoals}
                      />
                    </Tabs.Content>
                  ))}
                </Tabs.Root>
              </Box>
            </Stack>
          )}
        </QueryState>
      </Card.Body>
      <AddClientDialog sessionId={session.id} present={present} open={adding} onClose={() => setAdding(false)} onAdded={setTab} />
    </Card.Root>
  );
}
