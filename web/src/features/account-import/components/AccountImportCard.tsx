import { Alert, Box, Button, Card, Field, Heading, Input, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { AccountImport } from '@caseload/contract/account-import';
import { errorMessage } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAccountImport, useStartAccountImport } from '../api/account-import.ts';

/** What each file of an export holds, in words, for the result's counts. */
const KIND_LABELS: Record<string, string> = {
  users: 'Users',
  organizations: 'Organizations',
  clients: 'Students',
  ieps: 'IEPs',
  goals: 'Goals',
  'goal-templates': 'Goal-bank templates',
  sessions: 'Sessions',
  'session-series': 'Recurring series',
  progress: 'Progress records',
  trials: 'Trials',
  'session-notes': 'Session notes',
  'progress-notes': 'Progress notes',
  'reporting-periods': 'Reporting periods',
  'school-years': 'School years',
  closures: 'Closed days',
  'service-log': 'Service-log lines checked',
  'audit-events': 'Audit events',
};

/**
 * The Security page's Import a district card (part 4 §5), the owner's alone: a whole export of a
 * district brought back into this one, which must have no students yet (to restore a district or
 * move it from another deployment). Shows the progress, then what was recreated, or why it failed.
 */
export function AccountImportCard() {
  const isOwner = useCurrentUser().data?.userType === 'owner';
  const [file, setFile] = useState<File>();
  const [started, setStarted] = useState<AccountImport>();
  const [error, setError] = useState<string>();
  const start = useStartAccountImport();
  if (!isOwner) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose the zip file of a Caseload export.');
    setError(undefined);
    start.mutate(file, {
      onSuccess: setStarted,
      onError: (failure) => setError(errorMessage(failure, 'The import could not start. Check your connection and try again.')),
    });
  };

  return (
    <Card.Root as="section" aria-labelledby="account-import-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="account-import-heading">
          Import a district
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Bring back a district from its Caseload export (the zip of Export the district), here or from another Caseload. Only into a district with no
          students yet. Users come back inactive until you set their passwords on the Users page.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <form onSubmit={submit} noValidate>
            <Stack gap="3" align="start">
              <Field.Root invalid={Boolean(error)}>
                <Field.Label>Export zip file</Field.Label>
                <Input
                  type="file"
                  accept=".zip,application/zip"
                  p="1"
                  disabled={start.isPending || started?.status === 'applying'}
                  onChange={(event) => {
                    setFile(event.target.files?.[0]);
                    setError(undefined);
                  }}
                />
                {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
              </Field.Root>
              <Button type="submit" loading={start.isPending} loadingText="Uploading" disabled={started?.status === 'applying'}>
                Import
              </Button>
            </Stack>
          </form>
          {started && <ImportStatus key={started.id} started={started} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ImportStatus({ started }: { started: AccountImport }) {
  const query = useAccountImport(started);
  const job = query.data;
  const percent = Math.round(job.progress * 100);
  if (job.status === 'failed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The import failed</Alert.Title>
          <Alert.Description>{job.errors.join(' ') || 'Try again.'}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (job.status === 'done') {
    const counts = Object.entries(job.counts).filter(([, n]) => n > 0);
    return (
      <Box role="status">
        <Text fontWeight="semibold">The district is imported.</Text>
        <List.Root ps="5" fontSize="sm">
          {counts.map(([kind, n]) => (
            <List.Item key={kind}>
              {KIND_LABELS[kind] ?? kind}: {n}
            </List.Item>
          ))}
        </List.Root>
        <Text fontSize="sm" mt="2">
          Set each user's password on the Users page to let them sign in.
        </Text>
      </Box>
    );
  }
  return (
    <Stack gap="2">
      <Progress.Root value={percent} max={100} aria-label="Import progress">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" role="status">
        Importing… {percent} %{query.isError ? ' (reconnecting)' : ''}
      </Text>
    </Stack>
  );
}
