import { Box, Button, Card, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { BulkJob } from '@caseload/contract/notes';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { refreshAllNotes, useBulkJob } from '../api/progress-notes.ts';
import { bulkOutcome, formatPeriod } from '../lib/notes.ts';

interface BulkProgressCardProps {
  /** The job as the start call answered it. */
  job: BulkJob;
  onDismiss: () => void;
}

/** A running bulk generation: a progress bar fed by polling, then the outcome (toast and summary). */
export function BulkProgressCard({ job: started, onDismiss }: BulkProgressCardProps) {
  const query = useBulkJob(started);
  const job = query.data;
  const done = job.status === 'completed';
  const announced = useRef(false);

  useEffect(() => {
    if (announced.current) return;
    if (done) {
      announced.current = true;
      const outcome = bulkOutcome(job);
      notify[outcome.type]({ title: outcome.title, description: outcome.description });
      refreshAllNotes();
    } else if (query.isError) {
      announced.current = true;
      notify.error({ title: 'Failed to generate progress notes', description: errorMessage(query.error, 'Lost contact with the generation job.') });
      refreshAllNotes();
    }
  }, [done, job, query.isError, query.error]);

  const skipped = job.skippedCount ?? 0;
  const percent = job.total > 0 ? Math.round((job.completed / job.total) * 100) : 100;

  return (
    <Card.Root as="section" mb="6" borderColor={done ? (job.errorCount > 0 ? 'orange.300' : 'green.300') : 'purple.300'} aria-labelledby="bulk-heading">
      <Card.Body>
        <Stack gap="3">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md" id="bulk-heading">
              {done ? 'Bulk generation complete' : query.isError ? 'Bulk generation status unknown' : 'Generating progress notes...'}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Reporting period {formatPeriod(job.reportingPeriodStart, job.reportingPeriodEnd)}
            </Text>
          </Flex>
          <Progress.Root value={job.completed} max={Math.max(job.total, 1)} colorPalette={done ? 'green' : 'purple'} size="lg" striped={!done} animated={!done}>
            <Progress.Track aria-label="Bulk progress note generation" aria-valuetext={`${job.completed} of ${job.total} clients processed`}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" role="status" aria-live="polite">
            {job.completed} of {job.total} clients processed ({percent}%)
            {job.completed > 0 && ` · ${job.successCount} generated · ${skipped} skipped · ${job.errorCount} failed`}
          </Text>
          {done && job.errors.length > 0 && (
            <Box>
              <Text fontSize="sm" fontWeight="medium">
                Not generated:
              </Text>
              <Stack as="ul" gap="1" fontSize="sm" ps="5" listStyleType="disc">
                {job.errors.map((e) => (
                  <li key={e.clientId}>
                    {e.clientName}: {e.error}
                  </li>
                ))}
              </Stack>
            </Box>
          )}
          {(done || query.isError) && (
            <Box>
              <Button size="sm" variant="outline" onClick={onDismiss}>
                Dismiss
              </Button>
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
