/**
 * The parent report (spec part 3 §6): per goal, the goal in plain words, its figure over the
 * note's period (accuracy per session, criterion line, baseline point), the cue-level mix and
 * the status in plain words; then the note's text.
 *
 * Only the PDF route imports this module: the writer (PDFKit, fontkit, ECharts) is a megabyte
 * of bundle that no other notes function should carry.
 *
 * The goals are those the note itself reports (facts.ts isReported), oldest first, and the
 * figures come from the same computation as the reports page (reports/goal-charts.ts).
 */
import type { ReportLanguage } from '@caseload/contract/families';
import { chartWords, cueMixIn, reportMessages } from '@caseload/contract/i18n/report-messages';
import type { AuthContext } from '../context.ts';
import { htmlBlocks, type Block } from '../pdf/blocks.ts';
import { renderPdf } from '../pdf/document.ts';
import { plainText } from '../plain-text.ts';
import { keepDeliveredPdf, loadParentReport, readDeliveredReport, type ParentReportInput } from './delivered-report.ts';
import { displayName, type Period } from './facts.ts';
import { reportedGoals } from './reported-goals.ts';
import { getVisibleNote } from './service.ts';

/** A report in another language (families/): its language and, for the note, its reviewed translation. */
export interface ReportTranslation {
  language: ReportLanguage;
  translation?: { reviewedByName: string; reviewedAt: string };
}

/** The face a language's chart labels are drawn in (pdf/fonts.ts). */
const chartFont = (language: ReportLanguage) => (language === 'zh-Hans' ? 'cjk' : language === 'ar' ? 'arabic' : undefined);

/**
 * Pure: the report's blocks from already-loaded records, every fixed text from the report's
 * catalog in `translated.language` (English by default).
 */
export function parentReportBlocks(input: ParentReportInput, translated?: ReportTranslation): Block[] {
  const period: Period = { start: input.note.reportingPeriodStart, end: input.note.reportingPeriodEnd };
  const m = reportMessages(translated?.language ?? 'en');
  const words = translated && translated.language !== 'en' ? chartWords(m, chartFont(translated.language)) : undefined;
  const goals = reportedGoals(input);
  const noteBlocks = htmlBlocks(input.note.content);
  const review = translated?.translation;
  return [
    { kind: 'title', text: m.t('title') },
    { kind: 'paragraph', text: m.t('student', { name: displayName(input.client) }) },
    ...(input.school ? [{ kind: 'paragraph', text: m.t('school', { name: input.school }) } as const] : []),
    ...(input.district ? [{ kind: 'paragraph', text: m.t('district', { name: input.district }) } as const] : []),
    ...(input.preparedBy ? [{ kind: 'paragraph', text: m.t('preparedBy', { name: input.preparedBy }) } as const] : []),
    { kind: 'paragraph', text: m.t('period', { start: m.longDate(period.start), end: m.longDate(period.end) }) },
    ...(goals.length ? [{ kind: 'heading', text: m.t('goals') } as const] : []),
    ...goals.flatMap(({ goal, chart }): Block[] => {
      const description = plainText(goal.description ?? '');
      const cueMix = cueMixIn(m, chart);
      return [
        {
          kind: 'together',
          blocks: [
            { kind: 'subheading', text: goal.name },
            ...(description && description !== goal.name ? [{ kind: 'paragraph', text: description } as const] : []),
            { kind: 'chart', chart, words },
            ...(cueMix ? [{ kind: 'paragraph', text: cueMix } as const] : []),
            { kind: 'paragraph', text: m.t('goalStatus', { status: m.status(chart.progress) }) },
          ],
        },
      ];
    }),
    { kind: 'heading', text: m.t('noteHeading') },
    ...(review ? [{ kind: 'paragraph', text: m.t('translatedBy', { name: review.reviewedByName, date: m.longDate(review.reviewedAt) }) } as const] : []),
    ...(noteBlocks.length ? noteBlocks : [{ kind: 'paragraph', text: m.t('noNote') } as const]),
  ];
}

/** The PDF of a parent report's blocks, its page footers in the report's language. */
export const renderParentReport = (blocks: Block[], language: ReportLanguage = 'en') => {
  const m = reportMessages(language);
  return renderPdf(blocks, { pageLabel: (page, count) => m.t('page', { page, count }) });
};

/**
 * The parent report of a note the caller may see, as a PDF file. A delivered note's is the one
 * kept for it (delivered-report.ts): the first download renders what the note showed at delivery
 * and stores the bytes, every later one answers them.
 */
export async function progressNotePdf(auth: AuthContext, noteId: string): Promise<{ filename: string; pdf: Buffer }> {
  const { note, client } = await getVisibleNote(auth, noteId);
  const filename = `progress-note-${note.reportingPeriodEnd}.pdf`;
  if (note.status !== 'delivered') return { filename, pdf: await renderPdf(parentReportBlocks(await loadParentReport(auth.accountId, client, note))) };
  const kept = await readDeliveredReport(auth.accountId, noteId);
  if (kept.pdf) return { filename, pdf: kept.pdf };
  // Delivered before the inputs were kept: the live records, frozen from this download on.
  const input = kept.input ?? (await loadParentReport(auth.accountId, client, note));
  return { filename, pdf: await keepDeliveredPdf(auth.accountId, noteId, await renderPdf(parentReportBlocks(input))) };
}
