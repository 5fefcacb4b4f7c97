/**
 * The family's report as a PDF: in English, the delivered note's own parent report (the same
 * bytes the clinician downloads); in another language, the same report rendered in that
 * language. Only the family PDF route imports this module (it carries the PDF writer).
 */
import { keepDeliveredPdf } from '../notes/delivered-report.ts';
import { parentReportBlocks } from '../notes/parent-report.ts';
import { readDeliveredReport } from '../notes/delivered-report.ts';
import { renderPdf } from '../pdf/document.ts';
import type { SharedReport } from './report.ts';

export async function familyReportPdf({ share, input, language, translation }: SharedReport): Promise<{ filename: string; pdf: Buffer }> {
  const filename = `progress-report-${input.note.reportingPeriodEnd}-${language}.pdf`;
  if (!translation) {
    const kept = await readDeliveredReport(share.accountId, share.noteId);
    return { filename, pdf: kept.pdf ?? (await keepDeliveredPdf(share.accountId, share.noteId, await renderPdf(parentReportBlocks(input)))) };
  }
  return { filename, pdf: await renderPdf(parentReportBlocks({ ...input, note: { ...input.note, content: translation.text } }, { language, translation })) };
}
