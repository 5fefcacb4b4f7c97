import type { ProgressNote } from '@caseload/contract/notes';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { notify } from '../../../lib/toaster.ts';
import { fetchNotePdf } from '../api/progress-notes.ts';
import { formatPeriod } from './notes.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const pdfFileName = (clientName: string, note: Pick<ProgressNote, 'reportingPeriodEnd'>) =>
  `progress-note-${clientName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'client'}-${note.reportingPeriodEnd}.pdf`;

/** A print-ready page of the note (title, client, period, the sanitized HTML), for the browser's Save as PDF. */
export function printableNote(note: ProgressNote, clientName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`Progress Note - ${clientName}`)}</title>
<style>body{font:12pt/1.5 Georgia,serif;color:#111;margin:2cm}h1{font-size:18pt;margin:0 0 4pt}p.meta{color:#444;margin:0 0 16pt}ul,ol{padding-left:1.5em}</style>
</head><body><h1>${escapeHtml(`Progress Note - ${clientName}`)}</h1>
<p class="meta">Reporting period: ${escapeHtml(formatPeriod(note.reportingPeriodStart, note.reportingPeriodEnd))}</p>
<main>${note.content}</main></body></html>`;
}

/** Opens the print dialog for the note in a hidden frame (no pop-up to block). */
export function printNote(note: ProgressNote, clientName: string): void {
  const frame = document.createElement('iframe');
  frame.title = 'Printable progress note';
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;visibility:hidden';
  frame.srcdoc = printableNote(note, clientName);
  frame.addEventListener('load', () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    setTimeout(() => frame.remove(), 60_000);
  });
  document.body.append(frame);
}

/** Downloads the server's PDF; when the server cannot make one, falls back to the browser's print-to-PDF. */
export async function downloadNotePdf(note: ProgressNote, clientName: string): Promise<void> {
  try {
    downloadFile(await fetchNotePdf(note.id), pdfFileName(clientName, note), 'application/pdf');
  } catch (error) {
    if (isApiError(error, 401)) return;
    notify.warning({ title: 'PDF download unavailable', description: `${errorMessage(error, 'The PDF could not be made.')} Use "Save as PDF" in the print dialog instead.` });
    printNote(note, clientName);
  }
}
