import { Field, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ClosedDaysJob, Closure } from '@caseload/contract/school-year';
import { TrashIcon } from '../../../components/icons.tsx';
import { useSaveClosures } from '../api/school-calendar.ts';
import { checkClosures, sortedRows, type ClosureRow, type ClosureRowErrors } from '../lib/calendar.ts';
import { useRowList } from '../lib/useRowList.ts';
import { ClosedDaysJobProgress } from './ClosedDaysJobProgress.tsx';
import { RowListFooter } from './RowListFooter.tsx';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

/**
 * The account's closures: a date and a label per row. Saving replaces the whole list; a date newly
 * closed cancels the timetable's undocumented sessions on it. The rows stay as typed when a save
 * fails (the network dropped): the error shows and Save tries again with the same rows.
 */
export function ClosuresCard({ closures }: { closures: readonly Closure[] }) {
  const [canceled, setCanceled] = useState<number>();
  // More than 200 sessions to cancel: the save answers at once and a background job cancels them.
  const [job, setJob] = useState<ClosedDaysJob>();
  const list = useRowList<ClosureRow, ClosureRowErrors>(
    () => sortedRows(closures.map((c, key) => ({ key, ...c }))),
    { date: '', label: '' },
    () => setCanceled(undefined),
  );
  const { rows, rowErrors, listError, change, add, remove } = list;
  const save = useSaveClosures();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCanceled(undefined);
    setJob(undefined);
    const body = list.check(checkClosures);
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        list.setRows((current) => sortedRows(current));
        setCanceled(saved.canceledSessions);
        setJob(saved.job);
      },
    });
  };

  return (
    <SettingsCard
      headingId="closures-heading"
      title="Closures"
      description="Days the school is closed. They are not school days: no minutes are required on them, and the timetable skips them."
    >
      <form onSubmit={submit} noValidate aria-label="Closures">
        <Stack gap="4">
          {rows.length === 0 ? (
            <Text color="fg.muted">No closures yet.</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {rows.map((row, index) => (
                <ClosureRowFields
                  key={row.key}
                  row={row}
                  number={index + 1}
                  errors={rowErrors[index]}
                  onChange={change}
                  onRemove={remove}
                  disabled={save.isPending}
                />
              ))}
            </Stack>
          )}
          <RowListFooter
            listError={listError}
            save={save}
            failedTitle="The closures could not be saved."
            addLabel="Add closure"
            onAdd={add}
            saveLabel="Save closures"
            savedStatus={
              canceled !== undefined &&
              (job ? (
                'Closures saved'
              ) : (
                <>
                  Closures saved · {canceled} {canceled === 1 ? 'session' : 'sessions'} canceled
                </>
              ))
            }
          />
          {job && <ClosedDaysJobProgress key={job.id} job={job} saveLabel="Save closures" />}
        </Stack>
      </form>
    </SettingsCard>
  );
}

interface ClosureRowFieldsProps {
  row: ClosureRow;
  number: number;
  errors: ClosureRowErrors[number] | undefined;
  onChange: (key: number, field: 'date' | 'label', value: string) => void;
  onRemove: (key: number) => void;
  disabled: boolean;
}

function ClosureRowFields({ row, number, errors, onChange, onRemove, disabled }: ClosureRowFieldsProps) {
  return (
    // On a phone each closure is a bordered pair (date over label); from sm up, one line.
    <Flex
      as="li"
      gap="3"
      align="flex-start"
      wrap={{ base: 'wrap', sm: 'nowrap' }}
      p={{ base: '3', sm: '0' }}
      borderWidth={{ base: '1px', sm: '0' }}
      borderRadius="md"
    >
      <Field.Root invalid={Boolean(errors?.date)} w={{ base: 'full', sm: '44' }} flexShrink={0}>
        <Field.Label srOnly>Closure {number} date</Field.Label>
        <Input type="date" value={row.date} onChange={(e) => onChange(row.key, 'date', e.target.value)} disabled={disabled} />
        {errors?.date && <Field.ErrorText color="red.700">{errors.date}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={Boolean(errors?.label)} flex="1" minW="0">
        <Field.Label srOnly>Closure {number} label</Field.Label>
        <Input
          value={row.label}
          placeholder="e.g. Thanksgiving break"
          maxLength={100}
          onChange={(e) => onChange(row.key, 'label', e.target.value)}
          disabled={disabled}
        />
        {errors?.label && <Field.ErrorText color="red.700">{errors.label}</Field.ErrorText>}
      </Field.Root>
      <IconButton aria-label={`Remove closure ${number}`} variant="ghost" colorPalette="red" onClick={() => onRemove(row.key)} disabled={disabled}>
        <TrashIcon size={16} />
      </IconButton>
    </Flex>
  );
}
