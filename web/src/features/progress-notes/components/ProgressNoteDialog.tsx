import type { Client } from '@caseload/contract/caseload';

/** 'Generate Progress Note - {client}', opened by the purple AI button (being built: progress-notes feature). */
export function ProgressNoteDialog(_props: { client: Client; open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
