/**
 * The PDF writer: blocks (blocks.ts) laid out on US Letter pages with PDFKit, in embedded Noto
 * fonts (fonts.ts; PDFKit embeds only the glyphs used), with "Page i of n" footers.
 *
 * Text is laid out here (text.ts: font per script, bidirectional order, wrapping) and each run is
 * drawn at its place, so a line mixing Latin, Arabic and Chinese prints as written. A goal's
 * figure is the ECharts option the reports page renders (goalChartOption), rendered by ECharts'
 * server-side SVG renderer and drawn into the page as vector paths and text by svg-to-pdfkit: the
 * same figure as on screen, not a picture of it.
 */
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { GOAL_CHART_HEIGHT, goalChartOption, type ChartWords, type GoalChart } from '@caseload/contract/goal-chart';
import { init as initChart } from '@caseload/contract/goal-chart-renderer';
import type { Block, ChartBlock, TextBlock } from './blocks.ts';
import { fontFace, type FontFamily, type FontWeight } from './fonts.ts';
import { layoutParagraph } from './text.ts';

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 60;
const TEXT_W = PAGE_W - 2 * MARGIN;
const BULLET_INDENT = 14;
const FOOTER_SIZE = 9;

const STYLE: Record<TextBlock['kind'], { size: number; weight: FontWeight; before: number }> = {
  title: { size: 18, weight: 'bold', before: 0 },
  heading: { size: 13, weight: 'bold', before: 12 },
  subheading: { size: 11, weight: 'bold', before: 8 },
  paragraph: { size: 11, weight: 'regular', before: 5 },
  bullet: { size: 11, weight: 'regular', before: 2 },
};
const CHART_BEFORE = 6;

const fontName = (family: FontFamily, weight: FontWeight) => `${family}-${weight}`;

/**
 * How PDFKit lays out a run. Without features it shapes a text word by word (split at spaces, for
 * its cache) and joins the words in stored order: right for left-to-right text, but a right-to-left
 * run came out with its words turned around ("محمد ع." drew its initial first, against the name).
 * Any features list, even an empty one, makes it shape the run whole, so fontkit turns the whole
 * run around; its default features still apply.
 */
const layoutOptions = (family: FontFamily) => (family === 'arabic' || family === 'hebrew' ? { features: [] } : {});

/** A goal's figure as SVG, from the same option the reports page renders. */
export function goalChartSvg(chart: GoalChart, width: number, words?: ChartWords): string {
  const figure = initChart(null, null, { renderer: 'svg', ssr: true, width, height: GOAL_CHART_HEIGHT });
  try {
    figure.setOption(goalChartOption(chart, words));
    return figure.renderToSVGString();
  } finally {
    figure.dispose();
  }
}

class Writer {
  readonly doc = new PDFDocument({ size: 'LETTER', margin: 0, pdfVersion: '1.7', bufferPages: true, autoFirstPage: true, font: fontFace('latin', 'regular') as unknown as string });
  private readonly registered = new Set<string>();
  /** Widths by face, size and text: shaping a word costs about a millisecond, and notes repeat their words. */
  private readonly widths = new Map<string, number>();
  private y = MARGIN;

  /** Selects a face, registering it with the document the first time it is used. */
  private use(family: FontFamily, weight: FontWeight, size: number) {
    const name = fontName(family, weight);
    if (!this.registered.has(name)) {
      // PDFKit takes a parsed fontkit font as it is (its types list only paths and bytes).
      this.doc.registerFont(name, fontFace(family, weight) as unknown as string);
      this.registered.add(name);
    }
    return this.doc.font(name).fontSize(size);
  }

  private measure(text: string, family: FontFamily, weight: FontWeight, size: number): number {
    const key = `${fontName(family, weight)}|${size}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.use(family, weight, size).widthOfString(text, layoutOptions(family));
      this.widths.set(key, width);
    }
    return width;
  }

  /** Room for `height` more points on this page, or a new page. */
  private ensure(height: number) {
    if (this.y + height <= PAGE_H - MARGIN) return;
    this.doc.addPage({ size: 'LETTER', margin: 0 });
    this.y = MARGIN;
  }

  private paragraph(block: TextBlock) {
    const { size, weight, before } = STYLE[block.kind];
    const indent = block.kind === 'bullet' ? BULLET_INDENT : 0;
    const paragraph = layoutParagraph(block.text, TEXT_W - indent, (text, family) => this.measure(text, family, weight, size));
    return { size, weight, before, indent, leading: size * 1.4, paragraph };
  }

  /** The points a block takes down the page, its space before included. */
  private height(block: TextBlock | ChartBlock): number {
    if (block.kind === 'chart') return CHART_BEFORE + GOAL_CHART_HEIGHT;
    const { before, leading, paragraph } = this.paragraph(block);
    return before + paragraph.lines.length * leading;
  }

  /** The blocks on one page: a new page first when they do not fit on this one but would on a fresh one. */
  together(blocks: (TextBlock | ChartBlock)[]) {
    const height = blocks.reduce((sum, block) => sum + this.height(block), 0);
    if (height <= PAGE_H - 2 * MARGIN) this.ensure(height);
    for (const block of blocks) this.block(block);
  }

  block(block: Block) {
    if (block.kind === 'together') this.together(block.blocks);
    else if (block.kind === 'chart') this.chart(block.chart, block.words);
    else this.text(block);
  }

  text(block: TextBlock) {
    const { size, weight, before, indent, leading, paragraph } = this.paragraph(block);
    this.y += before;
    paragraph.lines.forEach((line, i) => {
      this.ensure(leading);
      const baseline = this.y + size;
      const left = MARGIN + (paragraph.rightToLeft ? TEXT_W - indent - line.width : indent);
      if (block.kind === 'bullet' && i === 0) {
        this.use('latin', 'regular', size).text('•', paragraph.rightToLeft ? MARGIN + TEXT_W - BULLET_INDENT / 2 : MARGIN, baseline, { lineBreak: false, baseline: 'alphabetic' });
      }
      let x = left;
      for (const run of line.runs) {
        this.use(run.family, weight, size).text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic', ...layoutOptions(run.family) });
        x += run.width;
      }
      this.y += leading;
    });
  }

  /** A page's footer line, laid out like any text (its words may be in any script), at the page's foot. */
  private footer(text: string) {
    const paragraph = layoutParagraph(text, TEXT_W, (t, family) => this.measure(t, family, 'regular', FOOTER_SIZE));
    const line = paragraph.lines[0];
    if (!line) return;
    let x = MARGIN + (paragraph.rightToLeft ? TEXT_W - line.width : 0);
    for (const run of line.runs) {
      this.use(run.family, 'regular', FOOTER_SIZE).text(run.text, x, PAGE_H - MARGIN / 2, { lineBreak: false, baseline: 'alphabetic', ...layoutOptions(run.family) });
      x += run.width;
    }
  }

  chart(chart: GoalChart, words?: ChartWords) {
    this.y += CHART_BEFORE;
    this.ensure(GOAL_CHART_HEIGHT);
    // The chart's text is in the report's language: its labels name the face of their script
    // (ChartWords.fontFamily, a FontFamily); English and other Latin-script labels are Noto Sans.
    const family = (words?.fontFamily ?? 'latin') as FontFamily;
    this.use(family, 'regular', 11);
    SVGtoPDF(this.doc, goalChartSvg(chart, TEXT_W, words), MARGIN, this.y, {
      width: TEXT_W,
      height: GOAL_CHART_HEIGHT,
      assumePt: true,
      fontCallback: () => fontName(family, 'regular'),
    });
    this.y += GOAL_CHART_HEIGHT;
  }

  /** "Page i of n" (or `pageLabel`'s words) on every page, then the file. */
  async finish(pageLabel: (page: number, count: number) => string = (page, count) => `Page ${page} of ${count}`): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      this.footer(pageLabel(i + 1, count));
    }
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.doc.end();
    return done;
  }
}

/** The PDF file of these blocks; `pageLabel` writes the footers ("Page 1 of 2") in another language. */
export async function renderPdf(blocks: Block[], options: { pageLabel?: (page: number, count: number) => string } = {}): Promise<Buffer> {
  const writer = new Writer();
  for (const block of blocks) writer.block(block);
  return writer.finish(options.pageLabel);
}
