import { Card } from '@chakra-ui/react';
import type { ExportJob } from '@caseload/contract/exports';
import { ExportProgressBar, JobDownload, JobFailed } from '../../../components/JobProgress.tsx';
import { useExportJob, type DistrictExport } from '../api/exports.ts';

const rowsWord = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

interface ExportJobProgressProps {
  /** The job as the start answered it. */
  job: ExportJob;
  /** Starts the same export again (after a failure). */
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A whole-district export under way: a progress bar fed by polling, then a Download link to the
 * file; a failed job says so in words with Try again, which starts the export anew.
 */
export function ExportJobProgress({ job: started, onRetry, retrying }: ExportJobProgressProps) {
  const query = useExportJob(started);
  const job = query.data;

  if (job.status === 'failed') {
    return <JobFailed title="The export did not finish." description="Nothing was saved. Try again; if it fails again, choose a shorter period." onRetry={onRetry} retrying={retrying} />;
  }
  if (job.status === 'done' && job.downloadUrl) return <JobDownload message={`Export ready · ${rowsWord(job.rows)}`} url={job.downloadUrl} fileName={job.fileName} />;
  return <ExportProgressBar progress={job.progress} error={query.isError ? query.error : null} />;
}

/** The page's whole-district export in its own card below the heading, once one was started. */
export function DistrictExportCard({ district }: { district: DistrictExport }) {
  if (!district.job) return null;
  return (
    <Card.Root as="section" mb="6" aria-label="Export">
      <Card.Body>
        <ExportJobProgress key={district.job.id} job={district.job} onRetry={district.retry} retrying={district.starting} />
      </Card.Body>
    </Card.Root>
  );
}
