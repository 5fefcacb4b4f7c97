/**
 * The PDF writer (packages/core/src/pdf): every name prints as written, in embedded subsets of
 * the Noto fonts, laid out in the right direction; figures are drawn as vectors; long documents
 * flow over pages. Read back with pdfjs, as a reader would.
 */
import { describe, expect, it } from 'vitest';
import { UnprintableTextError } from '../../packages/core/src/errors.ts';
import type { Block } from '../../packages/core/src/pdf/blocks.ts';
import { goalChartSvg, renderPdf } from '../../packages/core/src/pdf/document.ts';
import { layoutParagraph } from '../../packages/core/src/pdf/text.ts';
import { dashedStrokes, readPdf, strokedPaths, type PdfOp } from '../support/pdf-text.ts';

const NAMES = { vietnamese: 'Nguyễn', cyrillic: 'Алина', arabic: 'نور', chinese: '李', hebrew: 'שרה', korean: '김', greek: 'Ελένη', devanagari: 'अनु' };

/** One name per script of spec part 4 §1.7, with the face each must print in. */
const SCRIPT_NAMES: { script: string; name: string; face: string }[] = [
  { script: 'Latin', name: 'José', face: 'NotoSans-Regular' },
  { script: 'Greek', name: 'Ελένη', face: 'NotoSans-Regular' },
  { script: 'Cyrillic', name: 'Алина', face: 'NotoSans-Regular' },
  { script: 'Armenian', name: 'Անի', face: 'NotoSansArmenian-Regular' },
  { script: 'Georgian', name: 'ნინო', face: 'NotoSansGeorgian-Regular' },
  { script: 'Arabic', name: 'محمد', face: 'NotoSansArabic-Regular' },
  { script: 'Hebrew', name: 'שרה', face: 'NotoSansHebrew-Regular' },
  { script: 'Devanagari', name: 'प्रिया', face: 'NotoSans-Regular' },
  { script: 'Bengali', name: 'অর্পিতা', face: 'NotoSansBengali-Regular' },
  { script: 'Gurmukhi', name: 'ਗੁਰਪ੍ਰੀਤ', face: 'NotoSansGurmukhi-Regular' },
  { script: 'Gujarati', name: 'પ્રિયા', face: 'NotoSansGujarati-Regular' },
  { script: 'Tamil', name: 'கார்த்திக்', face: 'NotoSansTamil-Regular' },
  { script: 'Telugu', name: 'శ్రీనివాస్', face: 'NotoSansTelugu-Regular' },
  { script: 'Kannada', name: 'ಕಾವ್ಯಾ', face: 'NotoSansKannada-Regular' },
  { script: 'Malayalam', name: 'അനന്യ', face: 'NotoSansMalayalam-Regular' },
  { script: 'Sinhala', name: 'නිමල්', face: 'NotoSansSinhala-Regular' },
  { script: 'Thai', name: 'สมชาย', face: 'NotoSansThai-Regular' },
  { script: 'Lao', name: 'ສົມພອນ', face: 'NotoSansLao-Regular' },
  { script: 'Khmer', name: 'សុខា', face: 'NotoSansKhmer-Regular' },
  { script: 'Myanmar', name: 'အောင်ကြည်', face: 'NotoSansMyanmar-Regular' },
  { script: 'Ethiopic (Amharic)', name: 'አበበ', face: 'NotoSansEthiopic-Regular' },
  { script: 'Hangul', name: '김민준', face: 'NotoSansKR-Regular' },
  { script: 'Chinese', name: '李明', face: 'NotoSansSC-Regular' },
  { script: 'Japanese', name: '佐藤さくら', face: 'NotoSansJP-Regular' },
];

/** Letters only (no vowel signs, viramas or other marks): what must be found whatever the shaping reordered. */
const baseLetters = (name: string) => [...name].filter((ch) => /\p{L}/u.test(ch));

/** The glyphs the text operators draw, as pdfjs decodes them with the font they are drawn in. */
type DrawnGlyph = { unicode: string; originalCharCode: number; isInFont: boolean };
const drawnGlyphs = (ops: PdfOp[]) =>
  ops
    .filter((o) => o.name === 'showText' || o.name === 'showSpacedText')
    .flatMap((o) => (o.args.find(Array.isArray) ?? []) as unknown[])
    .filter((g): g is DrawnGlyph => !!g && typeof g === 'object' && 'unicode' in g);

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

  it('prints a name in every script of spec part 4 §1.7, each letter from its own embedded face, none as a box', async () => {
    const file = await renderPdf([
      { kind: 'title', text: 'Progress Report' },
      ...SCRIPT_NAMES.map(({ script, name }) => ({ kind: 'paragraph' as const, text: `${script}: ${name} A.` })),
    ]);
    const pdf = await readPdf(file);
    // eslint-disable-next-line no-control-regex -- marks without text of their own read back as control characters (see above)
    const text = pdf.text.replace(/[\u0000-\u0009\u000b-\u001f]/g, '');
    for (const { script, name } of SCRIPT_NAMES) {
      for (const letter of baseLetters(name)) expect(text, `${script} ${name}: ${letter}`).toContain(letter);
    }
    // No glyph drawn is glyph 0 (.notdef, the box), and every one but a space (which pdfjs, having
    // no outline to convert, reports as not in the font) is in the embedded font it is drawn with.
    const glyphs = drawnGlyphs(pdf.operators);
    expect(glyphs.length).toBeGreaterThan(100);
    expect(glyphs.filter((g) => g.originalCharCode === 0 || (!g.isInFont && g.unicode !== ' '))).toEqual([]);
    // Every face is an embedded subset: each font descriptor carries its TrueType file.
    const raw = file.toString('latin1');
    for (const { script, face } of SCRIPT_NAMES) expect(raw, script).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${face}\\b`));
    expect(raw.match(/\/FontFile2 /g)?.length).toBe(raw.match(/\/Type \/FontDescriptor/g)?.length);
    expect(file.length).toBeLessThan(400_000);
  });

  it('prints an Arabic name and its initial in order, the initial after the name (to its left), not run into it', async () => {
    const pdf = await readPdf(await renderPdf([{ kind: 'paragraph', text: 'محمد ع.' }, { kind: 'paragraph', text: 'Student: محمد ع.' }, { kind: 'paragraph', text: 'Student: نور الهدى ع., grade 3' }]));
    // eslint-disable-next-line no-control-regex -- the dot of ن reads back as a control character (see above)
    const lines = pdf.pages[0]!.lines.map((line) => line.replace(/[\u0000-\u001f]/g, ''));
    expect(lines).toEqual(['محمد ع.', 'Student: محمد ع.', 'Student: نور الهدى ع., grade 3', 'Page 1 of 1']);
  });

  it('refuses a character no face has (an emoji, a private-use or unassigned code point, a script without a face): 422, never a box', async () => {
    for (const text of ['Great job 😀', 'Mark \ue123', 'Odd \u0378', 'Tibetan ཀ']) {
      const refused = renderPdf([{ kind: 'paragraph', text }]);
      await expect(refused, text).rejects.toBeInstanceOf(UnprintableTextError);
      await expect(refused, text).rejects.toMatchObject({ status: 422, message: 'This report contains characters Caseload cannot print yet' });
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

  it("draws the criterion's words on a white ground over the accuracy line, which may cross them", () => {
    const svg = goalChartSvg({ points: [{ date: '2026-09-03', accuracy: 70 }, { date: '2026-09-10', accuracy: 90 }], criterion: 80, baseline: null, cueMix: [], progress: 'progressing' }, 492);
    const accuracyLine = svg.indexOf('stroke-width="2"');
    const label = svg.indexOf('>Criterion 80%<');
    const ground = svg.lastIndexOf('fill="#ffffff"', label);
    expect(accuracyLine).toBeGreaterThan(0);
    // Drawn later is drawn above: the line, then the white ground, then the words.
    expect(ground).toBeGreaterThan(accuracyLine);
    expect(svg.slice(ground, label)).not.toContain('stroke=');
  });

  it("keeps a goal's title, figure and status on one page: the title moves to the next page with its figure", async () => {
    const goal = (name: string): Block => ({
      kind: 'together',
      blocks: [
        { kind: 'subheading', text: name },
        { kind: 'chart', chart: { points: [{ date: '2026-09-03', accuracy: 40 }, { date: '2026-09-10', accuracy: 65 }], criterion: 80, baseline: null, cueMix: [], progress: 'progressing' } },
        { kind: 'paragraph', text: `Status of ${name}: Progressing` },
      ],
    });
    // 28 paragraphs leave room on the first page for a title but not for a figure.
    const filler = Array.from({ length: 28 }, (_, i): Block => ({ kind: 'paragraph', text: `Line ${i}` }));
    const pdf = await readPdf(await renderPdf([...filler, goal('Goal A'), goal('Goal B')]));
    expect(pdf.pages[0]!.lines).toContain('Line 27');
    expect(pdf.pages[0]!.lines).not.toContain('Goal A');
    expect(pdf.pages[1]!.lines).toEqual(expect.arrayContaining(['Goal A', 'Criterion 80%', 'Status of Goal A: Progressing', 'Goal B', 'Status of Goal B: Progressing']));
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

  it('gives Han characters the Japanese face in a paragraph with kana, the Chinese one otherwise', () => {
    expect(drawn('佐藤さくら 李明')).toEqual([['japanese:佐藤さくら 李明']]);
    expect(drawn('李明 A.')).toEqual([['cjk:李明 ', 'latin:A.']]);
  });

  it('keeps combining marks and joiners with the letter before them, and punctuation with its neighbour', () => {
    expect(drawn('Zoe\u0301 ক্\u200dষ, ა.')).toEqual([['latin:Zoe\u0301 ', 'bengali:ক্\u200dষ, ', 'georgian:ა.']]);
  });

  it("moves Myanmar's vowel sign E and medial Ra before their consonant, as they are drawn", () => {
    expect(drawn('အောင် ကြည် ကြေ')).toEqual([['myanmar:\u1031အာင် \u103cကည် \u1031\u103cက']]);
  });

  it('wraps at spaces, between CJK characters, and inside a word too long for a line', () => {
    expect(drawn('one two three four', 9).map((l) => l.join(''))).toEqual(['latin:one two', 'latin:three', 'latin:four']);
    expect(drawn('李王张刘陈', 2).map((l) => l.join(''))).toEqual(['cjk:李王', 'cjk:张刘', 'cjk:陈']);
    expect(drawn('abcdefghij', 4).map((l) => l.join(''))).toEqual(['latin:abcd', 'latin:efgh', 'latin:ij']);
  });
});
