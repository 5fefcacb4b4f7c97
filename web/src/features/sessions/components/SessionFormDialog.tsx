import { Box, Button, chakra, Dialog, Field, Flex, Input, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { format, parseISO } from 'date-fns';
import { useState, type FormEvent } from 'react';
import {
  evaluationCodes,
  sessionStatuses,
  sessionTypes,
  type CancelReason,
  type EvaluationCode,
  type SessionStatus,
  type SessionType,
} from '@caseload/contract/enums';
import { seriesBody, updateSeriesBody, type SessionSeries } from '@caseload/contract/school-year';
import { scheduleSessionBody, updateSessionBody, type Session } from '@caseload/contract/sessions';
import { instantAt, wallClock } from '@caseload/contract/wall-clock';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useAccountZoneQuery } from '../../../lib/account-time-zone.ts';
import { serverFieldErrors } from '../../../lib/api.ts';
import { clinicianName, useClinicians } from '../../../lib/clinicians.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import {
  fetchSessionSeries,
  useClientMakeups,
  useCreateSeries,
  useCreateSession,
  useDeleteSession,
  useSessionPermissions,
  useSessionSeries,
  useUpdateSeries,
  useUpdateSession,
} from '../api/sessions.ts';
import { dialogTimeSlots, statusLabels, timeLabel } from '../lib/calendar.ts';
import { CANCEL_REASON_PLACEHOLDER, cancelReasonOptions, sessionClientIds, sessionTypeLabels } from '../lib/format.ts';
import { followingSeriesBody, newSeriesBody, saveFailureMessage, untilOf } from '../lib/series-form.ts';
import { isoWeekdayOf, makeupLabel, seriesChangeMessage, weekdayNames } from '../lib/series.ts';
import { ClientPicker, type PickedClient } from './ClientPicker.tsx';
import { DeleteOccurrenceDialog } from './DeleteOccurrenceDialog.tsx';
import { RepeatFields } from './RepeatFields.tsx';
import { SeriesScopeChoice, type SeriesScope } from './SeriesScopeChoice.tsx';

const DEFAULT_TIME = '09:00';
const SCHEDULE_PRESETS = [10, 15, 30, 45, 60];
const EDIT_PRESETS = [15, 30, 45, 60];
const DELETE_QUESTION = 'Are you sure you want to delete this session? This action cannot be undone.';
const NOT_A_MAKEUP = 'Not a make-up';

const typeOptions = sessionTypes.map((type) => ({ value: type, label: sessionTypeLabels[type] }));
const evaluationCodeLabels: Record<EvaluationCode, string> = {
  '92521': '92521 · Fluency',
  '92522': '92522 · Speech sound production',
  '92523': '92523 · Speech sound production with language',
  '92524': '92524 · Voice and resonance',
};
const evaluationCodeOptions = evaluationCodes.map((code) => ({ value: code, label: evaluationCodeLabels[code] }));
const statusOptions = sessionStatuses.map((status) => ({ value: status, label: statusLabels[status] }));

/** A link's "schedule a make-up" (the sessions page's `?schedule=1&clientId=…&makeupFor=…`). */
export interface SchedulePrefill {
  client: PickedClient;
  /** The canceled session to make up, as far as the link's lookup knows it. */
  makeup?: { sessionId: string; scheduledAt?: string; duration?: number };
}

export type SessionDialogMode = { kind: 'schedule'; start?: Date; prefill?: SchedulePrefill } | { kind: 'edit'; session: Session };

interface SessionFormDialogProps {
  mode: SessionDialogMode | null;
  onClose: () => void;
  /** After a new session is stored (e.g. to go to it). */
  onScheduled?: (session: Session) => void;
  onDeleted?: () => void;
  /** After "This and following sessions" was saved (the edited occurrence may have been replaced). */
  onSeriesChanged?: () => void;
}

/**
 * Schedule New Session and Edit Session: open while `mode` is set. Its date and time are the
 * account's wall clock (as the calendar shows them), so the form waits for the account's zone.
 */
export function SessionFormDialog({ mode, onClose, onScheduled, onDeleted, onSeriesChanged }: SessionFormDialogProps) {
  const zone = useAccountZoneQuery();
  const timeZone = zone.data;
  return (
    <AppDialog
      open={mode !== null}
      onClose={onClose}
      size="lg"
      // The Delete confirmation opens over this dialog; focus and outside clicks belong to it then.
      keepOpenOnOutsideClick
      // The form brings its own header (its title follows the mode), body and footer.
      bodyless
    >
      {mode && !timeZone && (
        <Dialog.Body py="10" textAlign="center">
          {zone.isError ? (
            <Stack align="center" gap="3" role="alert">
              <Text>The session form could not be loaded. Check your connection and try again.</Text>
              <Button size="sm" variant="outline" onClick={() => void zone.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : (
            <Spinner aria-label="Loading the session form" />
          )}
        </Dialog.Body>
      )}
      {mode && timeZone && (mode.kind === 'schedule' ? (
        <SessionForm mode={mode} timeZone={timeZone} onClose={onClose} onScheduled={onScheduled} />
      ) : (
        <SessionForm mode={mode} timeZone={timeZone} onClose={onClose} onDeleted={onDeleted} onSeriesChanged={onSeriesChanged} />
      ))}
    </AppDialog>
  );
}

interface Values {
  type: SessionType;
  /** An evaluation's CPT code ('' until chosen; needed to complete it). */
  evaluationCode: EvaluationCode | '';
  clientIds: string[];
  date: string;
  time: string;
  duration: string;
  notes: string;
  status: SessionStatus;
  /** Why it was canceled ('' until chosen; asked only while the status is canceled). */
  cancelReason: CancelReason | '';
  providerId: string;
  /** "Repeats weekly on" (schedule only). */
  repeats: boolean;
  weekdays: number[];
  /** Blank: the end of the school year. */
  until: string;
  /** "Make-up for…": the canceled session, for the one client it was chosen with. */
  makeup: { clientId: string; sessionId: string } | null;
}

/** The form's first values; a session's start as the account's wall clock. */
function initialValues(mode: SessionDialogMode, currentUserId: string, timeZone: string): Values {
  const series = { repeats: false, weekdays: [], until: '', makeup: null };
  if (mode.kind === 'edit') {
    const { session } = mode;
    const start = wallClock(session.scheduledAt, timeZone);
    return {
      type: session.type,
      evaluationCode: session.evaluationCode ?? '',
      clientIds: sessionClientIds(session),
      date: start.date,
      time: start.time,
      duration: String(session.duration),
      notes: session.notes ?? '',
      status: session.status,
      cancelReason: session.cancelReason ?? '',
      providerId: session.providerId,
      ...series,
    };
  }
  const { start, prefill } = mode;
  const picked = wallClock(start ?? new Date(), timeZone);
  return {
    type: 'therapy',
    evaluationCode: '',
    clientIds: prefill ? [prefill.client.id] : [],
    date: picked.date,
    time: start ? picked.time : DEFAULT_TIME,
    duration: '30',
    notes: '',
    status: 'scheduled',
    cancelReason: '',
    providerId: currentUserId,
    ...series,
    makeup: prefill?.makeup ? { clientId: prefill.client.id, sessionId: prefill.makeup.sessionId } : null,
  };
}

/** The ISO instant of the form's date and time in the account's zone; blank when either is not one. */
function scheduledAtOf(values: Pick<Values, 'date' | 'time'>, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || !/^\d{2}:\d{2}$/.test(values.time)) return '';
  try {
    return instantAt(values.date, values.time, timeZone);
  } catch {
    return '';
  }
}

/** The form's values as the API body: the account's date and time → ISO instant; blank notes omitted. */
function bodyOf(values: Values, timeZone: string) {
  return {
    type: values.type,
    clientIds: values.clientIds,
    scheduledAt: scheduledAtOf(values, timeZone),
    duration: values.duration.trim() === '' ? Number.NaN : Number(values.duration),
    notes: values.notes.trim() ? values.notes : undefined,
    status: values.status,
    cancelReason: values.status === 'canceled' && values.cancelReason ? values.cancelReason : undefined,
    providerId: values.providerId,
    evaluationCode: values.type === 'evaluation' && values.evaluationCode ? values.evaluationCode : undefined,
  };
}

/** The make-up this session would be: only with exactly the one client it was chosen for. */
const makeupOf = (values: Values) =>
  values.makeup && values.clientIds.length === 1 && values.clientIds[0] === values.makeup.clientId ? values.makeup.sessionId : undefined;

/** Fields the form shows a message under; any other message from the server goes to the form's line. */
const FIELD_MESSAGES = new Set(['type', 'evaluationCode', 'clientIds', 'providerId', 'scheduledAt', 'startsOn', 'time', 'duration', 'status', 'cancelReason', 'notes', 'weekdays', 'until', 'makeupForSessionId']);

function SessionForm({
  mode,
  timeZone,
  onClose,
  onScheduled,
  onDeleted,
  onSeriesChanged,
}: {
  mode: SessionDialogMode;
  /** The account's: the form's date and time are its wall clock. */
  timeZone: string;
  onClose: () => void;
  onScheduled?: (session: Session) => void;
  onDeleted?: () => void;
  onSeriesChanged?: () => void;
}) {
  const editing = mode.kind === 'edit';
  const occurrence = mode.kind === 'edit' && mode.session.seriesId ? mode.session : undefined;
  const sessionId = mode.kind === 'edit' ? mode.session.id : '';
  const currentUser = useCurrentUser().data;
  const [values, setValues] = useState(() => initialValues(mode, currentUser?.id ?? '', timeZone));
  const initialClients = mode.kind === 'edit' ? mode.session.sessionParticipants.map((p) => p.client) : mode.prefill ? [mode.prefill.client] : [];
  const [picked, setPicked] = useState<PickedClient[]>(initialClients);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [scope, setScope] = useState<SeriesScope>('one');
  // Reading the series at submit, before the save itself.
  const [preparing, setPreparing] = useState(false);
  const following = occurrence !== undefined && scope === 'following';
  const repeating = !editing && values.repeats;
  const create = useCreateSession();
  const update = useUpdateSession(sessionId);
  const remove = useDeleteSession(sessionId);
  const createSeries = useCreateSeries();
  const updateSeries = useUpdateSeries(occurrence?.seriesId ?? '');
  // Read ahead, so the submit finds it in the cache.
  const series = useSessionSeries(following ? occurrence.seriesId : undefined);
  const singleClient = !editing && !repeating && values.clientIds.length === 1 ? values.clientIds[0] : undefined;
  const makeups = useClientMakeups(singleClient);
  const { canDeleteSessions, canEditSessions } = useSessionPermissions();
  const saving = preparing || create.isPending || update.isPending || createSeries.isPending || updateSeries.isPending;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, form: _form, ...rest }) => rest);
  };

  const failed = (error: unknown) => {
    // No toast and the dialog stays open with every field as typed; the server's message shows inline.
    const fields = serverFieldErrors(error);
    const elsewhere = Object.entries(fields).find(([field]) => !FIELD_MESSAGES.has(field))?.[1];
    const form = Object.keys(fields).length === 0 ? saveFailureMessage(error, 'Could not save the session. Try again.') : elsewhere;
    setErrors(form ? { ...fields, form } : fields);
  };

  /** Reads what the save needs first (the series); a failure to read it shows like a failed save. */
  const prepared = async <T,>(read: () => Promise<T>): Promise<T | undefined> => {
    setPreparing(true);
    try {
      return await read();
    } catch (error) {
      failed(error);
      return undefined;
    } finally {
      setPreparing(false);
    }
  };

  const scheduleSeries = () => {
    const parsed = seriesBody.safeParse(newSeriesBody(values));
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    createSeries.mutate(parsed.data, {
      onSuccess: (change) => {
        notify.success({ title: seriesChangeMessage('created', change) });
        onClose();
      },
      onError: failed,
    });
  };

  const saveFollowing = async (session: Session, seriesId: string) => {
    const rule = await prepared(() => fetchSessionSeries(seriesId));
    if (rule === undefined) return;
    const parsed = updateSeriesBody.safeParse(followingSeriesBody(values, rule, session.scheduledAt, timeZone));
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    updateSeries.mutate(parsed.data, {
      onSuccess: (change) => {
        notify.success({ title: seriesChangeMessage('updated', change) });
        onClose();
        onSeriesChanged?.();
      },
      onError: failed,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.clientIds.length === 0 || saving) return;
    if (repeating) return scheduleSeries();
    if (following) return void saveFollowing(occurrence, occurrence.seriesId!);
    const body = bodyOf(values, timeZone);
    if (editing) {
      const parsed = updateSessionBody.safeParse(body);
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
      update.mutate(parsed.data, { onSuccess: onClose, onError: failed });
    } else {
      const { status: _status, cancelReason: _reason, ...scheduleBody } = body;
      const parsed = scheduleSessionBody.safeParse({ ...scheduleBody, makeupForSessionId: makeupOf(values) });
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
      create.mutate(parsed.data, {
        onSuccess: (session) => {
          onClose();
          onScheduled?.(session);
        },
        onError: failed,
      });
    }
  };

  const deleteSession = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmDelete(false);
        onClose();
        onDeleted?.();
      },
      // The dialog stays open with the server's reason (a signed note's 409 says to add an addendum instead).
      onError: (error) => {
        setConfirmDelete(false);
        failed(error);
      },
    });

  const timeOptions = dialogTimeSlots.map((slot) => ({ value: slot.value, label: slot.label }));
  // A session at another time (e.g. a 5:00 PM calendar slot) keeps it as a choice.
  if (values.time && !timeOptions.some((option) => option.value === values.time)) {
    timeOptions.push({ value: values.time, label: timeLabel(values.time) });
    timeOptions.sort((a, b) => a.value.localeCompare(b.value));
  }
  const presets = editing ? EDIT_PRESETS : SCHEDULE_PRESETS;

  // "Make-up for…": the one client's owed make-ups, and the linked one even if no longer owed (the server then says why).
  const chosenMakeup = makeupOf(values);
  const makeupOptions = (makeups.data ?? []).map((m) => ({ value: m.sessionId, label: makeupLabel(m) }));
  const linked = mode.kind === 'schedule' ? mode.prefill?.makeup : undefined;
  if (chosenMakeup && !makeupOptions.some((o) => o.value === chosenMakeup)) {
    makeupOptions.push({
      value: chosenMakeup,
      label: linked?.scheduledAt && linked.duration ? makeupLabel({ date: wallClock(linked.scheduledAt, timeZone).date, duration: linked.duration }) : 'Canceled session',
    });
  }
  const showMakeup = singleClient !== undefined && makeupOptions.length > 0;

  const setRepeats = (repeats: boolean) => {
    set('repeats', repeats);
    // Turned on with no weekday yet: the chosen date's, when it is a school weekday.
    const weekday = /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? isoWeekdayOf(values.date) : 0;
    if (repeats && values.weekdays.length === 0 && weekday >= 1 && weekday <= 5) set('weekdays', [weekday]);
  };

  return (
    // A flex column, so the dialog's body scrolls between the fixed header and footer on a small screen.
    <chakra.form onSubmit={submit} noValidate display="flex" flexDirection="column" minH="0" flex="1">
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title>{editing ? 'Edit Session' : 'Schedule New Session'}</Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          {editing ? 'Change the details of this session.' : 'Choose the clients, the time and the kind of session.'}
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {occurrence && <SeriesScopeChoice legend="This session repeats weekly. Save the changes to:" value={scope} onChange={setScope} disabled={saving} />}
          {following && <SeriesRule series={series.data} />}
          <SelectField label="Session Type" value={values.type} onChange={(v) => set('type', v as SessionType)} options={typeOptions} error={errors.type} required />
          {values.type === 'evaluation' && (
            <SelectField
              label="Evaluation code"
              value={values.evaluationCode}
              onChange={(v) => set('evaluationCode', v as EvaluationCode | '')}
              options={evaluationCodeOptions}
              placeholder="Choose when the evaluation is done"
              error={errors.evaluationCode}
            />
          )}
          <ClientPicker
            selected={values.clientIds}
            initial={initialClients}
            onChange={(ids, clients) => {
              set('clientIds', ids);
              setPicked(clients);
            }}
            error={errors.clientIds}
          />
          <ProviderSelect
            value={values.providerId}
            onChange={(v) => set('providerId', v)}
            clients={picked}
            error={errors.providerId}
            // Changing who provides a session is an edit of it (canEditSessions); on a new one the scheduler chooses.
            disabled={editing && !canEditSessions}
          />
          <Flex gap="4" direction={{ base: 'column', sm: 'row' }}>
            {/* "This and following sessions" keeps each occurrence's date: only the time changes. */}
            {!following && (
              <Field.Root invalid={Boolean(errors.scheduledAt ?? errors.startsOn)} required flex="1">
                <Field.Label>
                  {repeating ? 'Starts on' : 'Date'}
                  <Field.RequiredIndicator />
                </Field.Label>
                {/* Changing the date keeps the chosen time of day. */}
                <Input type="date" value={values.date} onChange={(event) => set('date', event.target.value)} />
                {(errors.scheduledAt ?? errors.startsOn) && <Field.ErrorText>{errors.scheduledAt ?? errors.startsOn}</Field.ErrorText>}
              </Field.Root>
            )}
            <Box flex="1">
              <SelectField label="Time" value={values.time} onChange={(v) => set('time', v)} options={timeOptions} error={errors.time} required />
            </Box>
          </Flex>
          {!editing && (
            <RepeatFields
              repeats={values.repeats}
              onRepeatsChange={setRepeats}
              weekdays={values.weekdays}
              onWeekdaysChange={(days) => set('weekdays', days)}
              until={untilOf(values.until, values.date)}
              onUntilChange={(until) => set('until', until)}
              startsOn={values.date}
              errors={{ weekdays: errors.weekdays, until: errors.until }}
            />
          )}
          {showMakeup && (
            <SelectField
              label="Make-up for…"
              value={chosenMakeup ?? ''}
              onChange={(sessionId) => set('makeup', sessionId ? { clientId: singleClient, sessionId } : null)}
              options={makeupOptions}
              placeholder={NOT_A_MAKEUP}
              error={errors.makeupForSessionId}
            />
          )}
          <Field.Root invalid={Boolean(errors.duration)} required>
            <Field.Label>
              Duration (minutes)
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              step={5}
              min={5}
              max={240}
              value={values.duration}
              onChange={(event) => set('duration', event.target.value)}
            />
            <Flex gap="2" wrap="wrap" mt="1" role="group" aria-label="Duration presets">
              {presets.map((minutes) => (
                <Button
                  key={minutes}
                  size="xs"
                  variant={Number(values.duration) === minutes ? 'solid' : 'outline'}
                  colorPalette="blue"
                  aria-pressed={Number(values.duration) === minutes}
                  onClick={() => set('duration', String(minutes))}
                >
                  {minutes} min
                </Button>
              ))}
            </Flex>
            {errors.duration && <Field.ErrorText>{errors.duration}</Field.ErrorText>}
          </Field.Root>
          {editing && !following && (
            <SelectField
              label="Status"
              value={values.status}
              onChange={(v) => set('status', v as SessionStatus)}
              options={statusOptions}
              error={errors.status}
              required
            />
          )}
          {editing && !following && values.status === 'canceled' && (
            <SelectField
              label="Why was it canceled?"
              value={values.cancelReason}
              onChange={(v) => set('cancelReason', v as CancelReason | '')}
              options={cancelReasonOptions}
              placeholder={CANCEL_REASON_PLACEHOLDER}
              error={errors.cancelReason}
              required
            />
          )}
          {/* A series has no notes of its own; each session's notes are written on it. */}
          {!repeating && !following && (
            <Field.Root invalid={Boolean(errors.notes)}>
              <Field.Label>Notes (optional)</Field.Label>
              <Textarea value={values.notes} onChange={(event) => set('notes', event.target.value)} rows={3} maxLength={5000} />
              {errors.notes && <Field.ErrorText>{errors.notes}</Field.ErrorText>}
            </Field.Root>
          )}
          {errors.form && (
            <Text color="red.600" fontSize="sm" role="alert">
              {errors.form}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        {editing && canDeleteSessions && (
          <Button variant="outline" colorPalette="red" me="auto" onClick={() => setConfirmDelete(true)} disabled={saving}>
            Delete
          </Button>
        )}
        <FormActions
          onCancel={onClose}
          pending={saving}
          submitDisabled={values.clientIds.length === 0 || saving}
          submitLabel={editing ? 'Save Changes' : repeating ? 'Schedule Sessions' : 'Schedule Session'}
        />
      </Dialog.Footer>
      {occurrence ? (
        <DeleteOccurrenceDialog
          open={confirmDelete}
          session={occurrence}
          onCancel={() => setConfirmDelete(false)}
          onDeleted={() => {
            setConfirmDelete(false);
            onClose();
            onDeleted?.();
          }}
        />
      ) : (
        <ConfirmDialog
          open={confirmDelete}
          title="Delete Session"
          description={DELETE_QUESTION}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={deleteSession}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </chakra.form>
  );
}

/** What "This and following sessions" keeps of the series: its weekdays and end. */
function SeriesRule({ series }: { series: SessionSeries | undefined }) {
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite">
      {series ? `Repeats weekly on ${weekdayNames(series.weekdays)} until ${format(parseISO(series.until), 'MMM d, yyyy')}` : 'Loading the series…'}
    </Text>
  );
}

interface ProviderSelectProps {
  value: string;
  onChange: (providerId: string) => void;
  /** The chosen clients: when they share an organization, the users who may see it are offered. */
  clients: readonly PickedClient[];
  error?: string;
  disabled?: boolean;
}

/**
 * 'Provider': who gives the session (default: the user scheduling it). The options are the active
 * users who may see the clients' organization; the server checks every participant's anyway.
 */
function ProviderSelect({ value, onChange, clients, error, disabled }: ProviderSelectProps) {
  const me = useCurrentUser().data;
  const organizations = new Set(clients.map((c) => c.organizationId));
  const organizationId = organizations.size === 1 ? [...organizations][0] : undefined;
  const clinicians = useClinicians(organizationId);
  const options = (clinicians.data ?? []).map((c) => ({ value: c.id, label: c.id === me?.id ? `${clinicianName(c)} (you)` : clinicianName(c) }));
  // The user and the session's provider stay choices while the list loads or if it leaves them out.
  if (me && !options.some((o) => o.value === me.id)) options.unshift({ value: me.id, label: `${clinicianName(me)} (you)` });
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: 'Current provider' });
  return <SelectField label="Provider" value={value} onChange={onChange} options={options} error={error} disabled={disabled} required />;
}
