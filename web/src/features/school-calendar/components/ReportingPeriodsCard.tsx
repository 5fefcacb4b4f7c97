import { Badge, Field, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ReportingPeriods } from '@caseload/contract/reporting-periods';
import { TrashIcon } from '../../../components/icons.tsx';
import { useSaveReportingPeriods } from '../api/school-calendar.ts';
import { checkReportingPeriods, type PeriodRow, type PeriodRowErrors } from '../lib/calendar.ts';
import { useRowList } from '../lib/useRowList.ts';
import { RowListFooter } from './RowListFooter.tsx';
import { SettingsCard } from '../../../components/SettingsCard.tsx';
import { dateFieldLayout } from '../lib/date-field.ts';

type PeriodField = 'name' | 'start' | 'end';

/**
 * The account's reporting periods (report-card terms): a name and two dates per row. Saving
 * replaces the whole list, checked first with the server's schema; the rows stay as typed when a
 * save fails, so Save tries again with them.
 */
export function ReportingPeriodsCard({ data }: { data: ReportingPeriods }) {
  const [saved, setSaved] = useState(false);
  const list = useRowList<PeriodRow, PeriodRowErrors>(() => data.periods.map((p, key) => ({ key, ...p })), { name: '', start: '', end: '' }, () => setSaved(false));
  const { rows, rowErrors, listError, change, add, remove } = list;
  const save = useSaveReportingPeriods();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body = list.check(checkReportingPeriods);
    if (!body) return;
    save.mutate(body, {
      onSuccess: (answer) => {
        // The server answers the periods by start date: the rows take that order.
        list.replace(answer.periods);
        setSaved(true);
      },
    });
  };

  const current = save.data?.current ?? data.current;
  return (
    <SettingsCard
      headingId="reporting-periods-heading"
      title="Reporting periods"
      description="The report-card terms. Each student gets one progress note per period; the notes page counts the notes still missing for the current one."
      headerExtra={
        current && (
          <Text fontSize="sm">
            Current period: <Badge colorPalette="blue">{current.name}</Badge>
          </Text>
        )
      }
    >
      <form onSubmit={submit} noValidate aria-label="Reporting periods">
        <Stack gap="4">
          {rows.length === 0 ? (
            <Text color="fg.muted">No reporting periods yet.</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {rows.map((row, index) => (
                <PeriodRowFields key={row.key} row={row} number={index + 1} errors={rowErrors[index]} onChange={change} onRemove={remove} disabled={save.isPending} />
              ))}
            </Stack>
          )}
          <RowListFooter
            listError={listError}
            save={save}
            failedTitle="The reporting periods could not be saved."
            addLabel="Add period"
            onAdd={add}
            saveLabel="Save reporting periods"
            savedStatus={saved && 'Reporting periods saved'}
          />
        </Stack>
      </form>
    </SettingsCard>
  );
}

interface PeriodRowFieldsProps {
  row: PeriodRow;
  number: number;
  errors: PeriodRowErrors[number] | undefined;
  onChange: (key: number, field: PeriodField, value: string) => void;
  onRemove: (key: number) => void;
  disabled: boolean;
}

function PeriodRowFields({ row, number, errors, onChange, onRemove, disabled }: PeriodRowFieldsProps) {
  return (
    // On a phone each period is a bordered block (name over the two dates); from md up, one line.
    <Flex as="li" gap="3" align="flex-start" wrap={{ base: 'wrap', md: 'nowrap' }} p={{ base: '3', md: '0' }} borderWidth={{ base: '1px', md: '0' }} borderRadius="md">
      <Field.Root invalid={Boolean(errors?.name)} flex={{ base: '1 1 100%', md: '1' }} minW="0">
        <Field.Label srOnly>Period {number} name</Field.Label>
        <Input value={row.name} placeholder="e.g. Fall term" maxLength={100} onChange={(e) => onChange(row.key, 'name', e.target.value)} disabled={disabled} />
        {errors?.name && <Field.ErrorText color="red.700">{errors.name}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={Boolean(errors?.start)} {...dateFieldLayout}>
        <Field.Label fontSize="xs">Period {number} start</Field.Label>
        <Input type="date" value={row.start} onChange={(e) => onChange(row.key, 'start', e.target.value)} disabled={disabled} />
        {errors?.start && <Field.ErrorText color="red.700">{errors.start}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={Boolean(errors?.end)} {...dateFieldLayout}>
        <Field.Label fontSize="xs">Period {number} end</Field.Label>
        <Input type="date" value={row.end} onChange={(e) => onChange(row.key, 'end', e.target.value)} disabled={disabled} />
        {errors?.end && <Field.ErrorText color="red.700">{errors.end}</Field.ErrorText>}
      </Field.Root>
      <IconButton aria-label={`Remove period ${number}`} variant="ghost" colorPalette="red" onClick={() => onRemove(row.key)} disabled={disabled} alignSelf={{ md: 'flex-end' }}>
        <TrashIcon size={16} />
      </IconButton>
    </Flex>
  );
}
