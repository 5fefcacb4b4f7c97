/**
 * The family's report as a PDF: in English, the delivered note's own parent report (the same
 * bytes the clinician downloads); in another language, the same report rendered in that
 * language. Only the family PDF route imports this module (it carries the PDF writer).
 */
import { parentReportBlocks, renderParentReport } from '../notes/parent-report.ts';
import { keepDeliveredPdf, readDeliveredReport } from '../notes/delivered-report.ts';
import type { SharedReport } from './report.ts';

export async function familyReportPdf({ share, input, language, translation }: SharedReport): Promise<{ filename: string; pdf: Buffer }> {
  const filename = `progress-report-${input.note.reportingPeriodEnd}-${language}.pdf`;
  if (language === 'en') {
    const kept = await readDeliveredReport(share.accountId, share.noteId);
    return { filename, pdf: kept.pdf ?? (await keepDeliveredPdf(share.accountId, share.noteId, await renderParentReport(parentReportBlocks(input)))) };
  }
  const note = translation ? { ...input.note, content: translation.text } : input.note;
  return { filename, pdf: await renderParentReport(parentReportBlocks({ ...input, note }, { language, translation }), language) };
}
