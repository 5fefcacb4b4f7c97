import type { ExportJob } from '@caseload/contract/exports';
import { ExportProgressBar, JobDownload, JobFailed } from '../../../components/JobProgress.tsx';
import { useWholeExportJob } from '../api/whole-export.ts';

interface WholeExportStatusProps {
  job: ExportJob;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A whole export under way: its progress, then the download link. The link works once and for 15
 * minutes (its own token, no cookie), so following it reads the job again for a fresh one.
 */
export function WholeExportStatus({ job: started, onRetry, retrying }: WholeExportStatusProps) {
  const query = useWholeExportJob(started);
  const job = query.data;

  if (job.status === 'failed') return <JobFailed title="The export did not finish." description="Nothing was saved. Try again." onRetry={onRetry} retrying={retrying} />;
  if (job.status === 'done' && job.downloadUrl) {
    return <JobDownload message="Export ready. The link works once, for 15 minutes." url={job.downloadUrl} fileName={job.fileName} onFollow={() => void query.refetch()} />;
  }
  return <ExportProgressBar progress={job.progress} error={query.isError ? query.error : null} />;
}
