import { Box, Button, Card, Checkbox, Field, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { ALL_STUDENTS_ARE_CLIENTS_LABEL, type RosterImport } from '@caseload/contract/roster';
import { NoPermission } from '../../../components/NoPermission.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { hasPermission, isOrganizationLimited } from '../../../lib/permissions.ts';
import { useRosterImports, useUploadAndPreview } from '../api/roster-import.ts';
import { ImportPreview } from '../components/ImportPreview.tsx';

const TITLE = 'Roster import';
const STATUS_WORDS: Record<RosterImport['status'], string> = {
  uploading: 'Waiting for the file',
  previewing: 'Previewing',
  ready: 'Preview ready',
  applying: 'Applying',
  done: 'Applied',
  failed: 'Did not finish',
};

/** /roster-import: a district's OneRoster CSV zip, previewed then applied (the owner, or a manager of every organization). */
export default function RosterImportPage() {
  const user = useCurrentUser().data;
  if (!hasPermission(user, 'canManageUsers') || isOrganizationLimited(user)) {
    return <NoPermission title={TITLE} message="Only the owner or a user who manages users for every organization can import a roster." hint="Ask your account owner." />;
  }
  return <RosterImport />;
}

function RosterImport() {
  const [file, setFile] = useState<File>();
  const [allClients, setAllClients] = useState(false);
  const [current, setCurrent] = useState<RosterImport>();
  const upload = useUploadAndPreview();
  const imports = useRosterImports();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    upload.mutate({ file, allStudentsAreClients: allClients }, { onSuccess: setCurrent });
  };

  return (
    <>
      <PageHeading title={TITLE} subtitle="Schools, students and staff from your student information system's OneRoster CSV export (1.1 or 1.2)" />
      <Stack gap="6" maxW="4xl">
        <Card.Root>
          <Card.Body>
            <form onSubmit={submit} aria-label="Upload a roster file" noValidate>
              <Stack gap="4">
                <Field.Root required>
                  <Field.Label>OneRoster CSV zip (up to 200 MB)</Field.Label>
                  <Input type="file" accept=".zip,application/zip" p="1" onChange={(e) => setFile(e.target.files?.[0])} />
                </Field.Root>
                <Checkbox.Root checked={allClients} onCheckedChange={(d) => setAllClients(d.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{ALL_STUDENTS_ARE_CLIENTS_LABEL}</Checkbox.Label>
                </Checkbox.Root>
                {upload.isError && (
                  <Text color="red.700" role="alert">
                    {errorMessage(upload.error, 'The file could not be uploaded. Try again.')}
                  </Text>
                )}
                <Button type="submit" alignSelf="start" loading={upload.isPending} loadingText="Uploading" disabled={!file}>
                  Upload and preview
                </Button>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
        {current && (
          <Card.Root>
            <Card.Body>
              <ImportPreview key={current.id} started={current} />
            </Card.Body>
          </Card.Root>
        )}
        {imports.data && imports.data.length > 0 && (
          <Box as="section" aria-label="Last imports">
            <Text fontWeight="semibold" mb="2">
              Last imports
            </Text>
            <List.Root gap="1" fontSize="sm">
              {imports.data.map((i) => (
                <List.Item key={i.id}>
                  {`${new Date(i.createdAt).toLocaleString('en-US')} · ${STATUS_WORDS[i.status]} · students +${i.counts.students.add} ~${i.counts.students.update} −${i.counts.students.archive}`}
                </List.Item>
              ))}
            </List.Root>
          </Box>
        )}
      </Stack>
    </>
  );
}
