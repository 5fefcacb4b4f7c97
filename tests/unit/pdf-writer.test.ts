/**
 * The PDF writer (packages/core/src/pdf): every name prints as written, in embedded subsets of
 * the Noto fonts, laid out in the right direction; figures are drawn as vectors; long documents
 * flow over pages. Read back with pdfjs, as a reader would.
 */
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../packages/core/src/pdf/document.ts';
import { layoutParagraph } from '../../packages/core/src/pdf/text.ts';
import { dashedStrokes, readPdf, strokedPaths } from '../support/pdf-text.ts';

const NAMES = { vietnamese: 'Nguyễn', cyrillic: 'Алина', arabic: 'نور', chinese: '李', hebrew: 'שרה', korean: '김', greek: 'Ελένη', devanagari: 'अनु' };

/** Shaping and subsetting fonts is CPU work: generous on a busy machine, never a speed check. */
const WRITER_TIMEOUT_MS = 60_000;

describe('the PDF writer', { timeout: WRITER_TIMEOUT_MS }, () => {
  it('prints names in Vietnamese, Cyrillic, Arabic (right to left), Chinese, Hebrew, Korean, Greek and Devanagari as written', async () => {
    const file = await renderPdf([
      { kind: 'title', text: 'Progress Report' },
      ...Object.values(NAMES).map((name) => ({ kind: 'paragraph' as const, text: `Student: ${name} A.` })),
    ]);
    const pdf = await readPdf(file);
    // Fontkit draws Arabic ن as a dotless letter plus a dot mark; the mark has no text of its own
    // (an empty ToUnicode entry), which pdfjs shows as its glyph code, a control character.
    // eslint-disable-next-line no-control-regex -- removing those control characters is the point
    const text = pdf.text.replace(/[\u0000-\u0009\u000b-\u001f]/g, '');
    for (const name of Object.values(NAMES)) expect(text, name).toContain(name);
    expect(text).not.toContain('?');
    // Subsets: the CJK faces alone are megabytes; the file carries only the glyphs it uses.
    expect(file.length).toBeLessThan(150_000);
    const raw = file.toString('latin1');
    for (const face of ['NotoSans-Regular', 'NotoSansArabic', 'NotoSansSC', 'NotoSansKR', 'NotoSansHebrew', 'NotoSans-Bold']) {
      expect(raw, face).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${face}`));
    }
  });

  it('draws a figure as vector paths and text: axis labels, a dashed criterion line, the baseline', async () => {
    const pdf = await readPdf(
      await renderPdf([
        {
          kind: 'chart',
          chart: {
            points: [{ date: '2026-09-03', accuracy: 40 }, { date: '2026-09-10', accuracy: 65 }],
            criterion: 80,
            baseline: { accuracy: 30, date: '2026-08-28' },
            cueMix: [],
            progress: 'progressing',
          },
        },
      ]),
    );
    expect(pdf.pages[0]!.lines).toEqual(expect.arrayContaining(['0%', '100%', 'Baseline Sep 3 Sep 10', 'Criterion 80%', 'Baseline 30%']));
    expect(strokedPaths(pdf.operators)).toBeGreaterThan(5);
    expect(dashedStrokes(pdf.operators)).toBe(1);
    expect(pdf.pages[0]!.ops).not.toContain('paintImageXObject');
  });

  it('flows a long document over pages, each with "Page i of n"', async () => {
    const pdf = await readPdf(
      await renderPdf([
        { kind: 'title', text: 'Progress Report' },
        ...Array.from({ length: 100 }, (_, i) => ({ kind: 'paragraph' as const, text: `Paragraph ${i} (with parentheses), a backslash \\ and “quotes” — é.` })),
      ]),
    );
    const pages = pdf.pages.length;
    expect(pages).toBeGreaterThan(2);
    pdf.pages.forEach((page, i) => expect(page.lines.at(-1)).toBe(`Page ${i + 1} of ${pages}`));
    expect(pdf.text).toContain('Paragraph 99 (with parentheses), a backslash \\ and “quotes” — é.');
  });
});

/** One unit per character: lines and runs are easy to predict. */
const measure = (text: string) => [...text].length;
const drawn = (text: string, width = 100) =>
  layoutParagraph(text, width, measure).lines.map((line) => line.runs.map((r) => `${r.family}:${r.text}`));

describe('paragraph layout', () => {
  it('gives each script its family and keeps spaces and punctuation in the run around them', () => {
    expect(drawn('Nguyễn 李 W., 김 K.')).toEqual([['latin:Nguyễn ', 'cjk:李 ', 'latin:W., ', 'korean:김 ', 'latin:K.']]);
  });

  it('keeps a right-to-left name in its place in a left-to-right line, as one run that fontkit turns around', () => {
    const layout = layoutParagraph('Student: نور الهدى A.', 100, measure);
    expect(layout.rightToLeft).toBe(false);
    expect(layout.lines[0]!.runs.map((r) => `${r.family}:${r.text}`)).toEqual(['latin:Student: ', 'arabic:نور الهدى', 'arabic: ', 'latin:A.']);
  });

  it('takes the paragraph direction from most of its letters: an English sentence that starts with an Arabic name stays left to right', () => {
    const layout = layoutParagraph('نور A. attended 3 sessions', 100, measure);
    expect(layout.rightToLeft).toBe(false);
    expect(layout.lines[0]!.runs.map((r) => r.text)).toEqual(['نور', ' ', 'A. attended 3 sessions']);
  });

  it('orders a right-to-left paragraph from the right: numbers keep their own order inside it', () => {
    const layout = layoutParagraph('שרה 12 לוי', 100, measure);
    expect(layout.rightToLeft).toBe(true);
    expect(layout.lines[0]!.runs.map((r) => r.text)).toEqual([' לוי', '12', 'שרה ']);
  });

  it('wraps at spaces, between CJK characters, and inside a word too long for a line', () => {
    expect(drawn('one two three four', 9).map((l) => l.join(''))).toEqual(['latin:one two', 'latin:three', 'latin:four']);
    expect(drawn('李王张刘陈', 2).map((l) => l.join(''))).toEqual(['cjk:李王', 'cjk:张刘', 'cjk:陈']);
    expect(drawn('abcdefghij', 4).map((l) => l.join(''))).toEqual(['latin:abcd', 'latin:efgh', 'latin:ij']);
  });
});
