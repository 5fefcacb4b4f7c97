import { Box, Button, Dialog, Field, Flex, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useState, type FormEvent } from 'react';
import { sessionStatuses, sessionTypes, type SessionStatus, type SessionType } from '@caseload/contract/enums';
import { scheduleSessionBody, updateSessionBody, type Session } from '@caseload/contract/sessions';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { errorMessage, serverFieldErrors } from '../../../lib/api.ts';
import { clinicianName, useClinicians } from '../../../lib/clinicians.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { useCreateSession, useDeleteSession, useSessionPermissions, useUpdateSession } from '../api/sessions.ts';
import { dialogTimeSlots, statusLabels, timeLabel } from '../lib/calendar.ts';
import { sessionClientIds, sessionTypeLabels } from '../lib/format.ts';
import { ClientPicker, type PickedClient } from './ClientPicker.tsx';

const DEFAULT_TIME = '09:00';
const SCHEDULE_PRESETS = [10, 15, 30, 45, 60];
const EDIT_PRESETS = [15, 30, 45, 60];
const DELETE_QUESTION = 'Are you sure you want to delete this session? This action cannot be undone.';

const typeOptions = sessionTypes.map((type) => ({ value: type, label: sessionTypeLabels[type] }));
const statusOptions = sessionStatuses.map((status) => ({ value: status, label: statusLabels[status] }));

export type SessionDialogMode = { kind: 'schedule'; start?: Date } | { kind: 'edit'; session: Session };

interface SessionFormDialogProps {
  mode: SessionDialogMode | null;
  onClose: () => void;
  /** After a new session is stored (e.g. to go to it). */
  onScheduled?: (session: Session) => void;
  onDeleted?: () => void;
}

/** Schedule New Session and Edit Session: open while `mode` is set. */
export function SessionFormDialog({ mode, onClose, onScheduled, onDeleted }: SessionFormDialogProps) {
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
      {mode && (mode.kind === 'schedule' ? (
        <SessionForm mode={mode} onClose={onClose} onScheduled={onScheduled} />
      ) : (
        <SessionForm mode={mode} onClose={onClose} onDeleted={onDeleted} />
      ))}
    </AppDialog>
  );
}

interface Values {
  type: SessionType;
  clientIds: string[];
  date: string;
  time: string;
  duration: string;
  notes: string;
  status: SessionStatus;
  providerId: string;
}

function initialValues(mode: SessionDialogMode, currentUserId: string): Values {
  if (mode.kind === 'edit') {
    const { session } = mode;
    const start = new Date(session.scheduledAt);
    return {
      type: session.type,
      clientIds: sessionClientIds(session),
      date: format(start, 'yyyy-MM-dd'),
      time: format(start, 'HH:mm'),
      duration: String(session.duration),
      notes: session.notes ?? '',
      status: session.status,
      providerId: session.providerId,
    };
  }
  const start = mode.start;
  return {
    type: 'therapy',
    clientIds: [],
    date: format(start ?? new Date(), 'yyyy-MM-dd'),
    time: start ? format(start, 'HH:mm') : DEFAULT_TIME,
    duration: '30',
    notes: '',
    status: 'scheduled',
    providerId: currentUserId,
  };
}

/** The form's values as the API body: local date and time → ISO instant; blank notes omitted. */
function bodyOf(values: Values) {
  const start = values.date && values.time ? new Date(`${values.date}T${values.time}`) : null;
  return {
    type: values.type,
    clientIds: values.clientIds,
    scheduledAt: start && !Number.isNaN(start.getTime()) ? start.toISOString() : '',
    duration: values.duration.trim() === '' ? Number.NaN : Number(values.duration),
    notes: values.notes.trim() ? values.notes : undefined,
    status: values.status,
    providerId: values.providerId,
  };
}

function SessionForm({
  mode,
  onClose,
  onScheduled,
  onDeleted,
}: {
  mode: SessionDialogMode;
  onClose: () => void;
  onScheduled?: (session: Session) => void;
  onDeleted?: () => void;
}) {
  const editing = mode.kind === 'edit';
  const sessionId = mode.kind === 'edit' ? mode.session.id : '';
  const currentUser = useCurrentUser().data;
  const [values, setValues] = useState(() => initialValues(mode, currentUser?.id ?? ''));
  const initialClients = mode.kind === 'edit' ? mode.session.sessionParticipants.map((p) => p.client) : [];
  const [picked, setPicked] = useState<PickedClient[]>(initialClients);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useCreateSession();
  const update = useUpdateSession(sessionId);
  const remove = useDeleteSession(sessionId);
  const { canDeleteSessions, canEditSessions } = useSessionPermissions();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, form: _form, ...rest }) => rest);
  };

  const failed = (error: unknown) => {
    // No toast and the dialog stays open; the server's validation message shows inline.
    const fields = serverFieldErrors(error);
    setErrors(Object.keys(fields).length ? fields : { form: errorMessage(error, '') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.clientIds.length === 0 || saving) return;
    const body = bodyOf(values);
    if (editing) {
      const parsed = updateSessionBody.safeParse(body);
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
      update.mutate(parsed.data, { onSuccess: onClose, onError: failed });
    } else {
      const { status: _status, ...scheduleBody } = body;
      const parsed = scheduleSessionBody.safeParse(scheduleBody);
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
      // No message on failure; the dialogs stay open.
      onError: () => setConfirmDelete(false),
    });

  const timeOptions = dialogTimeSlots.map((slot) => ({ value: slot.value, label: slot.label }));
  // A session at another time (e.g. a 5:00 PM calendar slot) keeps it as a choice.
  if (values.time && !timeOptions.some((option) => option.value === values.time)) {
    timeOptions.push({ value: values.time, label: timeLabel(values.time) });
    timeOptions.sort((a, b) => a.value.localeCompare(b.value));
  }
  const presets = editing ? EDIT_PRESETS : SCHEDULE_PRESETS;

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title>{editing ? 'Edit Session' : 'Schedule New Session'}</Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          {editing ? 'Change the details of this session.' : 'Choose the clients, the time and the kind of session.'}
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <SelectField label="Session Type" value={values.type} onChange={(v) => set('type', v as SessionType)} options={typeOptions} error={errors.type} required />
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
            <Field.Root invalid={Boolean(errors.scheduledAt)} required flex="1">
              <Field.Label>
                Date
                <Field.RequiredIndicator />
              </Field.Label>
              {/* Changing the date keeps the chosen time of day. */}
              <Input type="date" value={values.date} onChange={(event) => set('date', event.target.value)} />
              {errors.scheduledAt && <Field.ErrorText>{errors.scheduledAt}</Field.ErrorText>}
            </Field.Root>
            <Box flex="1">
              <SelectField label="Time" value={values.time} onChange={(v) => set('time', v)} options={timeOptions} required />
            </Box>
          </Flex>
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
          {editing && (
            <SelectField
              label="Status"
              value={values.status}
              onChange={(v) => set('status', v as SessionStatus)}
              options={statusOptions}
              error={errors.status}
              required
            />
          )}
          <Field.Root invalid={Boolean(errors.notes)}>
            <Field.Label>Notes (optional)</Field.Label>
            <Textarea value={values.notes} onChange={(event) => set('notes', event.target.value)} rows={3} maxLength={5000} />
            {errors.notes && <Field.ErrorText>{errors.notes}</Field.ErrorText>}
          </Field.Root>
          {errors.form && (
            <Text color="red.600" fontSize="sm" role="alert">
              {errors.form}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {editing && canDeleteSessions && (
          <Button variant="outline" colorPalette="red" me="auto" onClick={() => setConfirmDelete(true)} disabled={saving}>
            Delete
          </Button>
        )}
        <FormActions
          onCancel={onClose}
          pending={saving}
          submitDisabled={values.clientIds.length === 0 || saving}
          submitLabel={editing ? 'Save Changes' : 'Schedule Session'}
        />
      </Dialog.Footer>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete Session"
        description={DELETE_QUESTION}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={deleteSession}
        onCancel={() => setConfirmDelete(false)}
      />
    </form>
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
