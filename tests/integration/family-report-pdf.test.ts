/**
 * The parent report's PDF in every language Caseload reports in (part 4 §6): every fixed text from
 * the language's catalog (no English status word left in another language), dates in the locale's
 * form, page footers translated, Arabic laid out right to left, and Chinese and Arabic chart labels
 * drawn in their scripts' faces.
 */
import { describe, expect, expect as vitestExpect, it } from 'vitest';
import { reportLanguages, type ReportLanguage } from '../../packages/contract/src/families.ts';
import { goalProgressLabels } from '../../packages/contract/src/goal-chart.ts';
import { reportCatalogs, reportMessages } from '../../packages/contract/src/i18n/report-messages.ts';
import type { ParentReportInput } from '../../packages/core/src/notes/delivered-report.ts';
import { parentReportBlocks, renderParentReport } from '../../packages/core/src/notes/parent-report.ts';
import type { GoalItem, ProgressItem } from '../../packages/core/src/items.ts';
import { readPdf, type PdfOp } from '../support/pdf-text.ts';

const goal = {
  id: 'g1',
  name: 'Produce /r/ in words',
  description: '',
  status: 'active',
  createdAt: '2024-01-01T00:00:00.000Z',
  criterionAccuracy: 80,
} as unknown as GoalItem;
const row = (recordedAt: string, successfulAttempts: number) =>
  ({ goalId: 'g1', sessionId: recordedAt, recordedAt, successfulAttempts, totalAttempts: 10 }) as unknown as ProgressItem;
const input: ParentReportInput = {
  client: { firstName: 'Ava', lastInitial: 'M' },
  note: { content: '<p>Ava practised every week.</p>', reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-31' },
  goals: [goal],
  progress: [row('2024-03-04T14:00:00.000Z', 6), row('2024-03-11T14:00:00.000Z', 8)],
  timeZone: 'America/New_York',
};
const review = { reviewedByName: 'Olivia Owner', reviewedAt: '2024-04-02T15:00:00.000Z' };

/**
 * The text as compared: pdfjs reads a Vietnamese letter with a mark below as the letter and a
 * control character (the mark is drawn, its mapping back to text is lost) and may split a word
 * there, so marks, that control character and spaces are dropped from both sides.
 */
// eslint-disable-next-line no-control-regex -- the control character pdfjs leaves is the point
const comparable = (text: string) => text.normalize('NFD').replace(/[\p{M}\u0003\s]/gu, '');

async function reportIn(language: ReportLanguage) {
  const blocks = parentReportBlocks(input, { language, translation: language === 'en' ? undefined : review });
  const pdf = await renderParentReport(blocks, language);
  return readPdf(pdf);
}

/** The x where the text showing `text` starts (the text matrix set before it). */
function startX(ops: PdfOp[], text: string): number {
  const at = ops.findIndex((o) => o.text.includes(text));
  const matrix = ops.slice(0, at).reverse().find((o) => o.name === 'setTextMatrix');
  return (matrix!.args as number[])[4]!;
}

describe('the parent report in every language', () => {
  // Arabic's own test is below: pdfjs does not read every joined Arabic letter back as written.
  it.each(reportLanguages.filter((l) => l !== 'ar').map((l) => [l] as const))('%s: fixed texts from its catalog, dates in its form', async (language) => {
    const m = reportMessages(language);
    const doc = await reportIn(language);
    const text = comparable(doc.text);
    const expect = (value: string, message?: string) => {
      const actual = vitestExpect(value, message);
      return { toContain: (part: string) => actual.toContain(comparable(part)), not: { toContain: (part: string) => actual.not.toContain(comparable(part)) } };
    };
    const c = reportCatalogs[language];
    expect(text).toContain(c.title);
    expect(text).toContain(m.t('student', { name: 'Ava M.' }));
    expect(text).toContain(m.t('period', { start: m.longDate('2024-03-01'), end: m.longDate('2024-03-31') }));
    expect(text).toContain(m.t('goalStatus', { status: m.status('progressing') }));
    expect(text).toContain(c.noteHeading);
    expect(text).toContain(m.t('page', { page: 1, count: doc.pages.length }));
    if (language !== 'en') {
      expect(text).toContain(m.t('translatedBy', { name: 'Olivia Owner', date: m.longDate('2024-04-02') }));
      // No English fixed text: statuses, headings, the footer.
      for (const word of [...Object.values(goalProgressLabels), 'Progress Report', 'Reporting period', 'Status:', 'Page 1 of', 'Criterion', 'Baseline']) expect(text, word).not.toContain(word);
    }
    console.info(`${language}: ${doc.pages.length} page(s)`);
  });

  it('writes Spanish dates and statuses the Spanish way', async () => {
    const text = (await reportIn('es')).text;
    expect(text).toContain('Período del informe: del 1 de marzo de 2024 al 31 de marzo de 2024');
    expect(text).toContain('Estado: Avanzando');
    expect(text).not.toMatch(/\b(Progressing|Mastered|Not yet|No data)\b/);
    expect(text).toContain('Criterio 80');
  });

  it('lays Arabic out right to left, its chart labels in the Arabic face', async () => {
    const doc = await reportIn('ar');
    const ops = doc.pages[0]!.operators;
    const title = reportCatalogs.ar.title;
    const english = await reportIn('en');
    // The Arabic title ends at the right margin; the English one starts at the left.
    expect(startX(ops, title)).toBeGreaterThan(300);
    expect(startX(english.pages[0]!.operators, 'Progress Report')).toBeLessThan(100);
    // Words pdfjs reads back whole (it misreads some joined letters): headings, the month, the label.
    for (const word of ['التقدم', 'مارس', 'الطالب', 'ملاحظة']) expect(comparable(doc.text)).toContain(comparable(word));
    for (const word of [...Object.values(goalProgressLabels), 'Progress Report', 'Reporting period', 'Status:', 'Page 1 of', 'Criterion', 'Baseline']) expect(doc.text).not.toContain(word);
  });

  it('draws Chinese chart labels in the Chinese face', async () => {
    const text = (await reportIn('zh-Hans')).text;
    expect(text).toContain('标准 80%');
    expect(text).toContain('状态：正在进步');
  });
});
