import { Alert, Box, Button, Checkbox, Heading, List, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ChangeCounts, RosterImport } from '@caseload/contract/roster';
import { errorMessage } from '../../../lib/api.ts';
import { useApplyImport, useRosterImport } from '../api/roster-import.ts';

const ROWS: [keyof RosterImport['counts'], string][] = [
  ['schools', 'Schools'],
  ['students', 'Students'],
  ['staff', 'Staff'],
];
const COLUMNS: [keyof ChangeCounts, string][] = [
  ['add', 'Add'],
  ['update', 'Update'],
  ['archive', 'Archive'],
  ['unchanged', 'Unchanged'],
];
const n = (v: number) => v.toLocaleString('en-US');

/** The counts of a preview (or of what an apply did) as a table: one row per kind of record. */
function CountsTable({ counts, caption }: { counts: RosterImport['counts']; caption: string }) {
  return (
    // Focusable, so a keyboard can scroll the table sideways on a phone.
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} aria-label={caption}>
      <Table.Root size="sm" aria-label={caption}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Records</Table.ColumnHeader>
            {COLUMNS.map(([key, label]) => (
              <Table.ColumnHeader key={key} scope="col" textAlign="end">
                {label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {ROWS.map(([kind, label]) => (
            <Table.Row key={kind}>
              <Table.Cell as="th" scope="row" fontWeight="semibold">
                {label}
              </Table.Cell>
              {COLUMNS.map(([key]) => (
                <Table.Cell key={key} textAlign="end">
                  {n(counts[kind][key])}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * One roster import: its job's progress bar while the preview or apply runs, then the preview's
 * counts, the file's errors (file and line), the staff no user matched, the school years offered,
 * and Apply. A preview with errors in orgs.csv cannot be applied (the server says so too).
 */
export function ImportPreview({ started }: { started: RosterImport }) {
  const query = useRosterImport(started);
  const job = query.data;
  const apply = useApplyImport(job.id);
  const [saveYears, setSaveYears] = useState(true);
  const orgErrors = job.errors.some((e) => e.file === 'orgs.csv');

  if (job.status === 'previewing' || job.status === 'applying') {
    const label = job.status === 'previewing' ? 'Reading the roster file' : 'Applying the roster';
    return (
      <Stack gap="2">
        <Progress.Root value={job.progress} max={100} colorPalette="blue" size="md" striped animated>
          <Progress.Track aria-label={label} aria-valuetext={`${job.progress}%`}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="sm" role="status" aria-live="polite">{`${label}: ${job.progress}%`}</Text>
        {query.isError && (
          <Text fontSize="sm" color="red.700" role="alert">
            {errorMessage(query.error, 'Lost contact with the import.')} It goes on in the background.
          </Text>
        )}
      </Stack>
    );
  }
  if (job.status === 'failed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The import did not finish.</Alert.Title>
          <Alert.Description>Upload the file again to start over.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (job.status === 'done') {
    return (
      <Stack gap="3">
        <Text role="status" color="green.700" fontWeight="semibold">
          The roster was applied.
        </Text>
        <CountsTable counts={job.counts} caption="What the import changed" />
      </Stack>
    );
  }
  if (job.status !== 'ready') return null;
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        Preview{job.mode === 'delta' ? ' (changes only)' : ''}
      </Heading>
      <CountsTable counts={job.counts} caption="What applying this file will change" />
      {job.errors.length > 0 && (
        <Box role="region" aria-label="Errors in the file">
          <Heading as="h3" size="sm" mb="2">{`Errors (${n(job.errors.length + job.moreErrors)})`}</Heading>
          <List.Root gap="1" fontSize="sm">
            {job.errors.map((e, i) => (
              <List.Item key={i}>{`${e.file}${e.line ? `, line ${e.line}` : ''}: ${e.message}`}</List.Item>
            ))}
          </List.Root>
          {job.moreErrors > 0 && <Text fontSize="sm" mt="1">{`and ${n(job.moreErrors)} more`}</Text>}
        </Box>
      )}
      {job.unmatchedStaff.length > 0 && (
        <Box role="region" aria-label="Staff without a user">
          <Heading as="h3" size="sm" mb="2">{`Staff without a user (${n(job.unmatchedStaff.length)})`}</Heading>
          <Text fontSize="sm" color="fg.muted" mb="1">
            These staff members are not created. Add them on the User Management page to match them next time.
          </Text>
          <List.Root gap="1" fontSize="sm">
            {job.unmatchedStaff.map((s) => (
              <List.Item key={s.line} wordBreak="break-all">{`Line ${s.line}: ${s.email || '(no e-mail)'}`}</List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      {job.schoolYears.length > 0 && (
        <Checkbox.Root checked={saveYears} onCheckedChange={(d) => setSaveYears(d.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{`Save the school years from this file: ${job.schoolYears.map((y) => y.name).join(', ')}`}</Checkbox.Label>
        </Checkbox.Root>
      )}
      {orgErrors && (
        <Text color="red.700" role="alert">
          Fix the errors in orgs.csv first
        </Text>
      )}
      {apply.isError && (
        <Text color="red.700" role="alert">
          {errorMessage(apply.error, 'The roster could not be applied.')}
        </Text>
      )}
      <Button alignSelf="start" onClick={() => apply.mutate(saveYears && job.schoolYears.length > 0)} loading={apply.isPending} disabled={orgErrors}>
        Apply
      </Button>
    </Stack>
  );
}
