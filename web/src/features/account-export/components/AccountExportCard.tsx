import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useWholeExport } from '../api/whole-export.ts';
import { WholeExportStatus } from './WholeExportStatus.tsx';

/**
 * The Security page's Export card (part 4 §5), the owner's alone: the district's whole record as
 * one zip (JSON Lines with a data dictionary, the service log and minutes as CSV, signed notes and
 * delivered parent reports as PDF), for leaving Caseload or keeping a copy.
 */
export function AccountExportCard() {
  const isOwner = useCurrentUser().data?.userType === 'owner';
  const { job, start, retry, starting } = useWholeExport();
  if (!isOwner) return null;

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Export
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Download every record of your district as one zip file: students, sessions, notes with their signatures, the service log and minutes, with a
          data dictionary. No passwords or other secrets are included.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Button alignSelf="start" onClick={() => start({ scope: 'account' })} loading={starting} disabled={job?.status === 'running'}>
            Export the district
          </Button>
          {job && <WholeExportStatus key={job.id} job={job} onRetry={retry} retrying={starting} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
