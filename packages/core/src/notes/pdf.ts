/**
 * A minimal PDF 1.4 writer for "download the note for parents": text only, Helvetica (one of the
 * 14 standard fonts every reader has, so nothing is embedded), US Letter, wrapped lines, as many
 * pages as needed, page numbers. Enough for a progress note; no library needed.
 */
import { plainText } from '../plain-text.ts';

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 72;
const TEXT_W = PAGE_W - 2 * MARGIN;
const BULLET_INDENT = 14;

/** Helvetica advance widths (1/1000 em) for ASCII 32–126, from Adobe's AFM. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584,
  584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
  278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500,
  500, 334, 260, 334, 584,
];
/** Helvetica-Bold is a little wider; scaling keeps bold lines inside the margin. */
const BOLD_FACTOR = 1.1;

/** Unicode punctuation that WinAnsiEncoding has at 0x80–0x9F; Latin-1 maps to itself. */
const WIN_ANSI: Record<string, number> = { '€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99 };

function winAnsiCode(ch: string): number {
  const code = ch.codePointAt(0)!;
  if ((code >= 32 && code < 127) || (code >= 160 && code <= 255)) return code;
  return WIN_ANSI[ch] ?? 63; // '?'
}

function charWidth(code: number): number {
  if (code >= 32 && code <= 126) return HELVETICA[code - 32]!;
  return code === 0x95 ? 350 : 556;
}

const textWidth = (text: string, size: number, bold: boolean) =>
  ([...text].reduce((w, ch) => w + charWidth(winAnsiCode(ch)), 0) * size * (bold ? BOLD_FACTOR : 1)) / 1000;

/** A PDF string literal: WinAnsi bytes, with delimiters escaped and high bytes as octal. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = winAnsiCode(ch);
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

/** Greedy word wrap; a word wider than the line is broken by characters. */
export function wrapText(text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (word: string) => {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, bold) <= width) {
      line = candidate;
      return;
    }
    if (line) lines.push(line);
    line = '';
    let piece = '';
    for (const ch of word) {
      if (piece && textWidth(piece + ch, size, bold) > width) {
        lines.push(piece);
        piece = '';
      }
      piece += ch;
    }
    line = piece;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) push(word);
  if (line) lines.push(line);
  return lines;
}

export interface Block {
  kind: 'title' | 'heading' | 'paragraph' | 'bullet';
  text: string;
}

const decodeNumericEntities = (s: string) =>
  s.replace(/&#(x[0-9a-f]+|\d+);/gi, (_, n: string) => String.fromCodePoint(n[0]!.toLowerCase() === 'x' ? parseInt(n.slice(1), 16) : Number(n)));

/** Rich text as blocks: headings, paragraphs and list items, in order. */
export function htmlBlocks(html: string): Block[] {
  const marked = html
    .replace(/<h[1-6]\b[^>]*>/gi, '\n\uE000')
    .replace(/<li\b[^>]*>/gi, '\n\uE001')
    .replace(/<\/(h[1-6]|p|li|ul|ol|blockquote|pre)>|<(p|ul|ol|blockquote|pre|hr)\b[^>]*>|<br\s*\/?>/gi, '\n');
  return marked
    .split('\n')
    .map((line): Block => {
      const kind = line.startsWith('\uE000') ? 'heading' : line.startsWith('\uE001') ? 'bullet' : 'paragraph';
      return { kind, text: decodeNumericEntities(plainText(line.replace(/^[\uE000\uE001]/, ''))) };
    })
    .filter((b) => b.text);
}

const STYLE: Record<Block['kind'], { size: number; bold: boolean; before: number }> = {
  title: { size: 18, bold: true, before: 0 },
  heading: { size: 13, bold: true, before: 10 },
  paragraph: { size: 11, bold: false, before: 6 },
  bullet: { size: 11, bold: false, before: 2 },
};

/** Lays the blocks out on pages: each page is a list of content-stream operations. */
function layout(blocks: Block[]): string[][] {
  const pages: string[][] = [[]];
  let y = PAGE_H - MARGIN;
  for (const block of blocks) {
    const { size, bold, before } = STYLE[block.kind];
    const leading = size * 1.35;
    const indent = block.kind === 'bullet' ? BULLET_INDENT : 0;
    const lines = wrapText(block.text, TEXT_W - indent, size, bold);
    y -= before;
    lines.forEach((text, i) => {
      if (y - leading < MARGIN) {
        pages.push([]);
        y = PAGE_H - MARGIN;
      }
      y -= leading;
      const font = bold ? 'F2' : 'F1';
      if (block.kind === 'bullet' && i === 0) pages.at(-1)!.push(`BT /F1 ${size} Tf ${MARGIN} ${y.toFixed(2)} Td ${pdfString('•')} Tj ET`);
      pages.at(-1)!.push(`BT /${font} ${size} Tf ${MARGIN + indent} ${y.toFixed(2)} Td ${pdfString(text)} Tj ET`);
    });
  }
  return pages;
}

/** The PDF file for a title, a few header lines and a rich-text body. */
export function renderPdf(doc: { title: string; header: string[]; html: string }): Buffer {
  const blocks: Block[] = [
    { kind: 'title', text: doc.title },
    ...doc.header.map((text): Block => ({ kind: 'paragraph', text })),
    ...htmlBlocks(doc.html),
  ];
  const pages = layout(blocks);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${5 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((ops, i) => {
    const footer = `BT /F1 9 Tf ${MARGIN} ${MARGIN / 2} Td ${pdfString(`Page ${i + 1} of ${pages.length}`)} Tj ET`;
    const stream = [...ops, footer].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + 2 * i} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  // Every character below is one byte (ASCII, or Latin-1 in the binary marker), so string
  // lengths are byte offsets.
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets = objects.map((body, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
