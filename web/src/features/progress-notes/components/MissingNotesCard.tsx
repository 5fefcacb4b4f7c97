import { Button, Card, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BulkJob, MissingNotes } from '@caseload/contract/notes';
import { SparklesIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { BULK_CLIENTS_MAX, useMissingNotes, useStartBulkGeneration } from '../api/progress-notes.ts';
import { formatPeriod } from '../lib/notes.ts';

interface MissingNotesCardProps {
  /** The page's caseload: the count covers the user's own clients ('me') or all they may see. */
  assignedTo: 'me' | 'all' | undefined;
  canGenerate: boolean;
  /** A bulk job is running: one at a time. */
  busy: boolean;
  /** The job started; the page shows its progress (the count refreshes when it completes). */
  onStarted: (job: BulkJob) => void;
}

/**
 * "Missing notes: N" for the current reporting period: the active clients with active goals and no
 * note covering it, and one button that generates exactly those in bulk.
 */
export function MissingNotesCard({ assignedTo, canGenerate, busy, onStarted }: MissingNotesCardProps) {
  const missing = useMissingNotes(assignedTo);
  const start = useStartBulkGeneration();

  return (
    <Card.Root as="section" mb="6" aria-label="Missing notes">
      <Card.Body>
        <QueryState query={missing} loading="Loading missing notes" placeholder={<Skeleton height="10" />} error="Could not load the missing notes." retry>
          {({ period, clients }) =>
            period === null ? (
              <>
                <Heading as="h2" size="md">
                  Missing notes
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  No reporting period includes today. A manager sets the reporting periods on the School Calendar page.
                </Text>
              </>
            ) : (
              <Stack gap="3">
              <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                <div>
                  <Heading as="h2" size="md">
                    Missing notes: {clients.length}
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    {period.name} · {formatPeriod(period.start, period.end)}
                  </Text>
                </div>
                {canGenerate && clients.length > 0 && (
                  // One job takes at most BULK_CLIENTS_MAX clients; the count refreshes after it, and the button takes the rest.
                  <Button
                    colorPalette="purple"
                    loading={start.isPending}
                    disabled={busy}
                    onClick={() =>
                      start.mutate(
                        { clientIds: clients.slice(0, BULK_CLIENTS_MAX).map((c) => c.id), reportingPeriodStart: period.start, reportingPeriodEnd: period.end, skipExisting: true },
                        {
                          onSuccess: onStarted,
                          onError: (error) => notify.error({ title: 'Failed to generate progress notes', description: errorMessage(error, 'Please try again.') }),
                        },
                      )
                    }
                  >
                    <SparklesIcon />{' '}
                    {clients.length > BULK_CLIENTS_MAX
                      ? `Generate the first ${BULK_CLIENTS_MAX} missing notes`
                      : `Generate ${clients.length} missing note${clients.length === 1 ? '' : 's'}`}
                  </Button>
                )}
              </Flex>
              {clients.length > 0 && <MissingStudents clients={clients} />}
              </Stack>
            )
          }
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

/** Students shown before 'View all': a district's list can run to hundreds. */
const STUDENTS_SHOWN = 8;

/** The students still without a note for the period, each linking to the client's page. */
function MissingStudents({ clients }: { clients: MissingNotes['clients'] }) {
  const [all, setAll] = useState(false);
  const shown = all ? clients : clients.slice(0, STUDENTS_SHOWN);
  return (
    <Flex as="ul" aria-label="Students without a note" listStyleType="none" gap="2" wrap="wrap" align="center">
      {shown.map((client) => (
        <li key={client.id}>
          <Link asChild color="blue.700" fontSize="sm" display="inline-flex" minH="6" alignItems="center" px="1">
            <RouterLink to={`/clients/${client.id}`}>
              {client.firstName} {client.lastInitial}.
            </RouterLink>
          </Link>
        </li>
      ))}
      {clients.length > STUDENTS_SHOWN && (
        <li>
          <Button variant="ghost" size="xs" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? 'Show fewer' : `View all ${clients.length}`}
          </Button>
        </li>
      )}
    </Flex>
  );
}
