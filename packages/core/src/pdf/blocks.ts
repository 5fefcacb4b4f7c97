/**
 * What a PDF says, as blocks in reading order; packages/core/src/pdf/document.ts lays them out.
 */
import type { ChartWords, GoalChart } from '@caseload/contract/goal-chart';
import { plainText } from '../plain-text.ts';

export type TextBlock = { kind: 'title' | 'heading' | 'subheading' | 'paragraph' | 'bullet'; text: string };
/** A goal's figure, drawn from the same ECharts option as the reports page. */
export type ChartBlock = { kind: 'chart'; chart: GoalChart; words?: ChartWords };
/** Blocks kept on one page when they fit on one: a goal's title never ends a page above its figure. */
export type KeptTogether = { kind: 'together'; blocks: (TextBlock | ChartBlock)[] };
export type Block = TextBlock | ChartBlock | KeptTogether;

const decodeNumericEntities = (s: string) =>
  s.replace(/&#(x[0-9a-f]+|\d+);/gi, (_, n: string) => String.fromCodePoint(n[0]!.toLowerCase() === 'x' ? parseInt(n.slice(1), 16) : Number(n)));

/** Rich text as blocks: headings, paragraphs and list items, in order. */
export function htmlBlocks(html: string): TextBlock[] {
  const marked = html
    .replace(/<h[1-6]\b[^>]*>/gi, '\n\uE000')
    .replace(/<li\b[^>]*>/gi, '\n\uE001')
    .replace(/<\/(h[1-6]|p|li|ul|ol|blockquote|pre)>|<(p|ul|ol|blockquote|pre|hr)\b[^>]*>|<br\s*\/?>/gi, '\n');
  return marked
    .split('\n')
    .map((line): TextBlock => {
      const kind = line.startsWith('\uE000') ? 'heading' : line.startsWith('\uE001') ? 'bullet' : 'paragraph';
      return { kind, text: decodeNumericEntities(plainText(line.replace(/^[\uE000\uE001]/, ''))) };
    })
    .filter((b) => b.text);
}

/** A document of a title, a few header lines and a rich-text body. */
export const documentBlocks = (doc: { title: string; header: string[]; html: string }): Block[] => [
  { kind: 'title', text: doc.title },
  ...doc.header.map((text): Block => ({ kind: 'paragraph', text })),
  ...htmlBlocks(doc.html),
];
