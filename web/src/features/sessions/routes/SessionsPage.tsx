import { Box, Button, Card, EmptyState, Flex, Group, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CalendarIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ScopeSwitch } from '../../../components/ScopeSwitch.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { inZone, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { useCaseloadScope } from '../../../lib/caseload-scope.ts';
import { clinicianName, useClinicians } from '../../../lib/clinicians.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePhoneWidth } from '../../../lib/media-query.ts';
import { useClients } from '../../../lib/clients.ts';
import { recentSessions, sessionQuery, useSessionPermissions, useSessionsAroundNow, useSessionsInRange } from '../api/sessions.ts';
import { DayView } from '../components/DayView.tsx';
import { MonthView } from '../components/MonthView.tsx';
import { RecentSessionsCard } from '../components/RecentSessionsCard.tsx';
import { SessionFormDialog, type SchedulePrefill, type SessionDialogMode } from '../components/SessionFormDialog.tsx';
import { WeekView } from '../components/WeekView.tsx';
import { periodTitle, shiftDate, visibleRange, type CalendarView } from '../lib/calendar.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

const views: { value: CalendarView; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'day', label: 'Day' },
];

/** Session Management: the schedule calendar, the Schedule dialog and recent sessions. */
/** Below 600 px seven day columns do not fit: the calendar offers Day (with Previous/Next) and Month. */
const phoneViews = views.filter((option) => option.value !== 'week');

export default function SessionsPage() {
  const [chosenView, setView] = useState<CalendarView>('week');
  // A phone shows the chosen week as its day view; widening the window brings the week back.
  const phone = usePhoneWidth();
  const view: CalendarView = phone && chosenView === 'week' ? 'day' : chosenView;
  // The calendar's days and times are the account's (the picked day is held as an instant); it
  // waits for the account's zone rather than lay the sessions out on another zone's days first.
  const timeZone = useAccountTimeZone();
  const [picked, setDate] = useState<Date>(() => new Date());
  const date = useMemo(() => inZone(picked, timeZone ?? 'UTC'), [picked, timeZone]);
  const [dialog, setDialog] = useState<SessionDialogMode | null>(null);
  const { canCreateSessions } = useSessionPermissions();
  const link = useScheduleLink(canCreateSessions);

  // Whose sessions: 'me', 'all' or one clinician's id, in the URL as providerId.
  const caseload = useCaseloadScope('providerId');
  const range = useMemo(() => visibleRange(view, date), [view, date]);
  const visible = useSessionsInRange(range.from, range.to, timeZone ? caseload.filter : undefined);
  const around = useSessionsAroundNow(caseload.filter);
  const sessions = visible.data ?? [];
  const recent = useMemo(() => recentSessions(around.data ?? [], new Date()), [around.data]);
  const nothingScheduled = visible.isSuccess && sessions.length === 0 && around.isSuccess && around.data.length === 0;

  const schedule = (start?: Date) => setDialog({ kind: 'schedule', start });
  const onSlotClick = canCreateSessions ? schedule : undefined;
  const openDay = (day: Date) => {
    setDate(day);
    setView('day');
  };

  return (
    <Stack gap="6">
      <PageHeading
        title="Session Management"
        subtitle="Schedule sessions and document them for each client."
        actions={
          canCreateSessions && (
            <Button colorPalette="blue" onClick={() => schedule()}>
              <CalendarIcon size={18} />
              Schedule Session
            </Button>
          )
        }
      />

      <Flex as="section" aria-label="Whose sessions" align="flex-end" gap="3" wrap="wrap">
        <ScopeSwitch scope={caseload.scope} onChange={caseload.setScope} />
        {caseload.scope === 'all' && <ClinicianFilter value={caseload.filter} onChange={caseload.setClinician} />}
      </Flex>

      <Card.Root as="section" aria-label="Calendar">
        <Card.Header>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Flex align="center" gap="3" wrap="wrap">
              <Group attached>
                <Button variant="outline" size="sm" onClick={() => setDate(shiftDate(view, date, -1))}>
                  Previous
                </Button>
                <Button variant="outline" size="sm" onClick={() => setDate(new Date())}>
                  Today
                </Button>
                <Button variant="outline" size="sm" onClick={() => setDate(shiftDate(view, date, 1))}>
                  Next
                </Button>
              </Group>
              <Heading as="h2" size="lg" aria-live="polite">
                {timeZone && periodTitle(view, date)}
              </Heading>
              {(visible.isFetching || !timeZone) && <Spinner size="sm" color="blue.600" role="status" aria-label="Loading sessions" />}
            </Flex>
            <Group attached role="group" aria-label="Calendar view">
              {(phone ? phoneViews : views).map((option) => (
                <Button
                  key={option.value}
                  size="sm"
                  variant={view === option.value ? 'solid' : 'outline'}
                  colorPalette={view === option.value ? 'blue' : 'gray'}
                  aria-pressed={view === option.value}
                  onClick={() => setView(option.value)}
                >
                  {option.label}
                </Button>
              ))}
            </Group>
          </Flex>
        </Card.Header>
        <Card.Body>
          {visible.isError && (
            <Flex role="alert" align="center" gap="3" mb="3" p="3" bg="red.50" borderRadius="md">
              <Text color="red.700">Could not load the sessions for this period.</Text>
              <Button size="xs" variant="outline" onClick={() => void visible.refetch()}>
                Try again
              </Button>
            </Flex>
          )}
          {timeZone && view === 'week' && <WeekView date={date} timeZone={timeZone} sessions={sessions} onSlotClick={onSlotClick} />}
          {timeZone && view === 'month' && <MonthView date={date} timeZone={timeZone} sessions={sessions} onOpenDay={openDay} />}
          {timeZone && view === 'day' && <DayView date={date} timeZone={timeZone} sessions={sessions} onSlotClick={onSlotClick} />}
        </Card.Body>
      </Card.Root>

      {nothingScheduled && (
        <Card.Root>
          <Card.Body>
            <EmptyState.Root>
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <CalendarIcon size={40} />
                </EmptyState.Indicator>
                <Box textAlign="center">
                  <EmptyState.Title as="h2">No sessions scheduled</EmptyState.Title>
                  <EmptyState.Description>Pick a time in the calendar or schedule a session for your clients.</EmptyState.Description>
                </Box>
                {canCreateSessions && (
                  <Button colorPalette="blue" onClick={() => schedule()}>
                    Schedule Your First Session
                  </Button>
                )}
              </EmptyState.Content>
            </EmptyState.Root>
          </Card.Body>
        </Card.Root>
      )}

      {recent.length > 0 && <RecentSessionsCard sessions={recent} />}

      {/* A new session appears in the calendar (the lists refresh); its page is one click away. */}
      <SessionFormDialog
        mode={dialog ?? link.mode}
        onClose={() => {
          setDialog(null);
          link.done();
        }}
      />
    </Stack>
  );
}

const LINK_PARAMS = ['schedule', 'clientId', 'makeupFor'] as const;

/**
 * `?schedule=1&clientId=<id>&makeupFor=<sessionId>` (a client's owed make-up links here): the
 * schedule dialog, open once the client is named, with the client and the make-up chosen. The
 * client's name comes from the canceled session (its participant) or the user's caseload; the
 * parameters leave the URL when the dialog closes.
 */
function useScheduleLink(canCreateSessions: boolean) {
  const [params, setParams] = useUrlParams();
  const wanted = canCreateSessions && params.get('schedule') === '1';
  const clientId = wanted ? (params.get('clientId') ?? undefined) : undefined;
  const makeupFor = wanted ? (params.get('makeupFor') ?? undefined) : undefined;
  const canceled = useQuery({ ...sessionQuery(makeupFor ?? ''), enabled: makeupFor !== undefined, retry: false });
  const participant = canceled.data?.sessionParticipants.find((p) => p.clientId === clientId)?.client;
  const lookInCaseload = clientId !== undefined && !participant && (makeupFor === undefined || canceled.isError || canceled.isSuccess);
  const caseload = useClients({ assignedTo: 'me' }, lookInCaseload);
  const client = participant ?? caseload.data?.find((c) => c.id === clientId);
  const settled = lookInCaseload ? !caseload.isPending : makeupFor === undefined || !canceled.isPending;

  let mode: SessionDialogMode | null = null;
  if (wanted && (client || settled)) {
    const prefill: SchedulePrefill | undefined = client && {
      client,
      makeup: makeupFor ? { sessionId: makeupFor, scheduledAt: canceled.data?.scheduledAt, duration: canceled.data?.duration } : undefined,
    };
    mode = { kind: 'schedule', prefill };
  }

  const done = () => {
    if (!LINK_PARAMS.some((key) => params.has(key))) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of LINK_PARAMS) next.delete(key);
      return next;
    });
  };
  return { mode, done };
}

const EVERYONE = 'all';

/**
 * Narrows 'All clients' to one clinician's sessions. Shown only to a user who sees more clinicians
 * than themselves (the options are the active users who see every organization).
 */
function ClinicianFilter({ value, onChange }: { value: string | undefined; onChange: (clinicianId: string | undefined) => void }) {
  const me = useCurrentUser().data?.id;
  const clinicians = useClinicians();
  const others = (clinicians.data ?? []).filter((c) => c.id !== me);
  if (others.length === 0) return null;
  const options = [
    { value: EVERYONE, label: 'All clinicians' },
    ...(clinicians.data ?? []).map((c) => ({ value: c.id, label: c.id === me ? `${clinicianName(c)} (you)` : clinicianName(c) })),
  ];
  // A clinician named in a shared link but not in the list still shows as chosen.
  if (value && value !== EVERYONE && !options.some((o) => o.value === value)) options.push({ value, label: 'Another clinician' });
  return (
    <Box minW="56">
      <SelectField label="Clinician" size="sm" value={value ?? EVERYONE} onChange={(v) => onChange(v === EVERYONE ? undefined : v)} options={options} />
    </Box>
  );
}
