import { Box, Button, Field, Flex, Heading, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import type { ClosedDaysJob, SchoolYear } from '@caseload/contract/school-year';
import { PlusIcon, TrashIcon } from '../../../components/icons.tsx';
import { useSaveSchoolYears } from '../api/school-calendar.ts';
import { checkSchoolYears, type BreakRow, type SchoolYearErrors, type SchoolYearRow } from '../lib/calendar.ts';
import { ClosedDaysJobProgress } from './ClosedDaysJobProgress.tsx';
import { RowListFooter } from './RowListFooter.tsx';
import { SettingsCard } from '../../../components/SettingsCard.tsx';
import { dateFieldLayout } from '../lib/date-field.ts';

type YearField = 'name' | 'firstDay' | 'lastDay';
type BreakField = 'name' | 'start' | 'end';

/**
 * The account's school years, each with its first and last day and its breaks (part 4 §1.1).
 * Required minutes accrue only on a year's weekdays outside its breaks; a new break cancels the
 * timetable's undocumented sessions on its days. Saving replaces the whole list; the rows stay as
 * typed when a save fails, so Save tries again with them.
 */
export function SchoolYearsCard({ schoolYears }: { schoolYears: readonly SchoolYear[] }) {
  const nextKey = useRef(0);
  const key = () => nextKey.current++;
  const toRows = (years: readonly SchoolYear[]): SchoolYearRow[] => years.map((y) => ({ key: key(), ...y, breaks: y.breaks.map((b) => ({ key: key(), ...b })) }));
  const [rows, setRows] = useState<SchoolYearRow[]>(() => toRows(schoolYears));
  const [errors, setErrors] = useState<SchoolYearErrors>({});
  const [listError, setListError] = useState<string>();
  const [canceled, setCanceled] = useState<number>();
  // More than 200 sessions to cancel: the save answers at once and a background job cancels them.
  const [job, setJob] = useState<ClosedDaysJob>();
  const save = useSaveSchoolYears();

  const edit = (next: (current: SchoolYearRow[]) => SchoolYearRow[], clearErrors = false) => {
    setRows(next);
    setCanceled(undefined);
    // Errors name rows by position: a removal makes them wrong.
    if (clearErrors) {
      setErrors({});
      setListError(undefined);
    }
  };
  const changeYear = (yearKey: number, field: YearField, value: string) => edit((current) => current.map((y) => (y.key === yearKey ? { ...y, [field]: value } : y)));
  const changeBreak = (yearKey: number, breakKey: number, field: BreakField, value: string) =>
    edit((current) => current.map((y) => (y.key === yearKey ? { ...y, breaks: y.breaks.map((b) => (b.key === breakKey ? { ...b, [field]: value } : b)) } : y)));
  const addYear = () => edit((current) => [...current, { key: key(), name: '', firstDay: '', lastDay: '', breaks: [] }]);
  const removeYear = (yearKey: number) => edit((current) => current.filter((y) => y.key !== yearKey), true);
  const addBreak = (yearKey: number) => edit((current) => current.map((y) => (y.key === yearKey ? { ...y, breaks: [...y.breaks, { key: key(), name: '', start: '', end: '' }] } : y)));
  const removeBreak = (yearKey: number, breakKey: number) =>
    edit((current) => current.map((y) => (y.key === yearKey ? { ...y, breaks: y.breaks.filter((b) => b.key !== breakKey) } : y)), true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCanceled(undefined);
    setJob(undefined);
    const result = checkSchoolYears(rows);
    setErrors(result.ok ? {} : result.errors);
    setListError(result.ok ? undefined : result.listError);
    if (!result.ok) return;
    save.mutate(result.body, {
      onSuccess: (saved) => {
        // The server answers the years by first day and their breaks by start: the rows take that order.
        setRows(toRows(saved.schoolYears));
        setCanceled(saved.canceledSessions);
        setJob(saved.job);
      },
    });
  };

  return (
    <SettingsCard
      headingId="school-years-heading"
      title="School years"
      description="The first and last day of each school year and its breaks. Required minutes count only the weekdays of a school year outside its breaks and closures: nothing is required over the summer or a break."
    >
      <form onSubmit={submit} noValidate aria-label="School years">
        <Stack gap="4">
          {rows.length === 0 ? (
            <Text color="fg.muted">No school year yet. Until one covers today, the minutes pages cannot say how many minutes are required.</Text>
          ) : (
            <Stack as="ul" gap="4" listStyleType="none">
              {rows.map((year, index) => (
                <YearFields
                  key={year.key}
                  year={year}
                  number={index + 1}
                  errors={errors}
                  index={index}
                  disabled={save.isPending}
                  onChange={changeYear}
                  onRemove={removeYear}
                  onAddBreak={addBreak}
                  onChangeBreak={changeBreak}
                  onRemoveBreak={removeBreak}
                />
              ))}
            </Stack>
          )}
          <RowListFooter
            listError={listError}
            save={save}
            failedTitle="The school years could not be saved."
            addLabel="Add school year"
            onAdd={addYear}
            saveLabel="Save school years"
            savedStatus={
              canceled !== undefined &&
              (job ? (
                'School years saved'
              ) : (
                <>
                  School years saved · {canceled} {canceled === 1 ? 'session' : 'sessions'} canceled
                </>
              ))
            }
          />
          {job && <ClosedDaysJobProgress key={job.id} job={job} saveLabel="Save school years" />}
        </Stack>
      </form>
    </SettingsCard>
  );
}

interface YearFieldsProps {
  year: SchoolYearRow;
  number: number;
  index: number;
  errors: SchoolYearErrors;
  disabled: boolean;
  onChange: (yearKey: number, field: YearField, value: string) => void;
  onRemove: (yearKey: number) => void;
  onAddBreak: (yearKey: number) => void;
  onChangeBreak: (yearKey: number, breakKey: number, field: BreakField, value: string) => void;
  onRemoveBreak: (yearKey: number, breakKey: number) => void;
}

function YearFields({ year, number, index, errors, disabled, onChange, onRemove, onAddBreak, onChangeBreak, onRemoveBreak }: YearFieldsProps) {
  const error = (path: string) => errors[`${index}.${path}`];
  const breaksError = error('breaks');
  return (
    <Box as="li" p="3" borderWidth="1px" borderRadius="md">
      <Stack gap="3">
        <Flex gap="3" align="flex-start" wrap={{ base: 'wrap', md: 'nowrap' }}>
          <DateOrTextField label={`School year ${number} name`} value={year.name} placeholder="e.g. 2026–27" error={error('name')} disabled={disabled} onChange={(v) => onChange(year.key, 'name', v)} wide />
          <DateOrTextField label={`School year ${number} first day`} type="date" value={year.firstDay} error={error('firstDay')} disabled={disabled} onChange={(v) => onChange(year.key, 'firstDay', v)} />
          <DateOrTextField label={`School year ${number} last day`} type="date" value={year.lastDay} error={error('lastDay')} disabled={disabled} onChange={(v) => onChange(year.key, 'lastDay', v)} />
          <IconButton aria-label={`Remove school year ${number}`} variant="ghost" colorPalette="red" onClick={() => onRemove(year.key)} disabled={disabled} alignSelf={{ md: 'flex-end' }}>
            <TrashIcon size={16} />
          </IconButton>
        </Flex>
        <Stack gap="2" pl={{ md: '4' }}>
          <Heading as="h3" size="sm">
            Breaks of school year {number}
          </Heading>
          {year.breaks.length === 0 && (
            <Text color="fg.muted" fontSize="sm">
              No breaks.
            </Text>
          )}
          {year.breaks.map((row, j) => (
            <BreakFields key={row.key} row={row} label={`School year ${number} break ${j + 1}`} errorOf={(field) => error(`breaks.${j}.${field}`)} disabled={disabled} onChange={(field, v) => onChangeBreak(year.key, row.key, field, v)} onRemove={() => onRemoveBreak(year.key, row.key)} />
          ))}
          {breaksError && (
            <Text role="alert" color="red.700" fontSize="sm">
              {breaksError}
            </Text>
          )}
          <Box>
            <Button size="sm" variant="outline" onClick={() => onAddBreak(year.key)} disabled={disabled}>
              <PlusIcon size={14} />
              Add break to school year {number}
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Box>
  );
}

interface BreakFieldsProps {
  row: BreakRow;
  label: string;
  errorOf: (field: BreakField) => string | undefined;
  disabled: boolean;
  onChange: (field: BreakField, value: string) => void;
  onRemove: () => void;
}

function BreakFields({ row, label, errorOf, disabled, onChange, onRemove }: BreakFieldsProps) {
  return (
    <Flex gap="3" align="flex-start" wrap={{ base: 'wrap', md: 'nowrap' }}>
      <DateOrTextField label={`${label} name`} value={row.name} placeholder="e.g. Winter break" error={errorOf('name')} disabled={disabled} onChange={(v) => onChange('name', v)} wide />
      <DateOrTextField label={`${label} start`} type="date" value={row.start} error={errorOf('start')} disabled={disabled} onChange={(v) => onChange('start', v)} />
      <DateOrTextField label={`${label} end`} type="date" value={row.end} error={errorOf('end')} disabled={disabled} onChange={(v) => onChange('end', v)} />
      <IconButton aria-label={`Remove ${label.charAt(0).toLowerCase()}${label.slice(1)}`} variant="ghost" colorPalette="red" onClick={onRemove} disabled={disabled} alignSelf={{ md: 'flex-end' }}>
        <TrashIcon size={16} />
      </IconButton>
    </Flex>
  );
}

interface DateOrTextFieldProps {
  label: string;
  value: string;
  type?: 'date';
  placeholder?: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  /** A name field takes the row's spare width; dates keep theirs. */
  wide?: boolean;
}

function DateOrTextField({ label, value, type, placeholder, error, disabled, onChange, wide }: DateOrTextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} {...(wide ? { flex: { base: '1 1 100%', md: '1' }, minW: '0' } : dateFieldLayout)}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <Input type={type} value={value} placeholder={placeholder} maxLength={type ? undefined : 100} onChange={(e) => onChange(e.target.value)} disabled={disabled} />
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
