/**
 * Reads a PDF the way a test checks it, with pdfjs-dist (the reader Firefox uses): per page, the
 * text pdfjs extracts (as items and as lines) and the drawing operators in content-stream order,
 * each with its arguments and, for the text-showing ones, the text they show. A test can then ask
 * both what a page says and what it draws, and which drawing comes after which text.
 */

export interface PdfOp {
  /** pdfjs' name of the operator (its OPS table): 'constructPath', 'stroke', 'setDash', 'showText', ... */
  name: string;
  args: unknown[];
  /** The text a text-showing operator shows (from the font's Unicode map); '' for the others. */
  text: string;
  /** 1-based page number. */
  page: number;
}

export interface PdfPage {
  /** The text items pdfjs extracts, in content order (empty items left out). */
  text: string[];
  /** The items grouped into lines by their baseline, words separated where the page leaves a gap. */
  lines: string[];
  /** The operator names, in content order. */
  ops: string[];
  operators: PdfOp[];
}

export interface PdfDocument {
  pages: PdfPage[];
  /** Every page's lines, one per line of text. */
  text: string;
  /** Every page's operators, in order. */
  operators: PdfOp[];
}

/** pdfjs' operator names by code (its OPS table), filled by readPdf: strokes() names a path's segments with them. */
const OP_NAMES = new Map<number, string>();

const TEXT_OPS = new Set(['showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText']);
const STROKE_OPS = new Set(['stroke', 'closeStroke', 'fillStroke', 'eoFillStroke', 'closeFillStroke', 'closeEOFillStroke']);

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  hasEOL: boolean;
}

/** The Unicode a showText argument carries: an array of glyphs (objects with `unicode`) and spacing numbers. */
function glyphText(arg: unknown): string {
  if (!Array.isArray(arg)) return '';
  return arg.map((g: unknown) => (g && typeof g === 'object' && 'unicode' in g ? String((g as { unicode: string }).unicode) : '')).join('');
}

function linesOf(items: TextItemLike[]): string[] {
  const lines: string[] = [];
  let line = '';
  let last: TextItemLike | undefined;
  for (const item of items) {
    if (last) {
      const sameLine = !last.hasEOL && Math.abs(item.transform[5]! - last.transform[5]!) < 1;
      if (!sameLine) {
        if (line.trim()) lines.push(line.trim());
        line = '';
      } else if (item.transform[4]! > last.transform[4]! + last.width + 1 && !line.endsWith(' ') && !item.str.startsWith(' ')) {
        line += ' ';
      }
    }
    line += item.str;
    last = item;
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

/** Parses a PDF file's bytes (a copy is handed to pdfjs, which takes ownership of its buffer). */
export async function readPdf(file: Uint8Array): Promise<PdfDocument> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  for (const [name, code] of Object.entries(pdfjs.OPS)) OP_NAMES.set(code, name);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(file), disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      const items: TextItemLike[] = content.items.flatMap((i) => ('str' in i ? [i] : []));
      const list = await page.getOperatorList();
      const operators = list.fnArray.map((code, i): PdfOp => {
        const name = OP_NAMES.get(code) ?? String(code);
        const args = (list.argsArray[i] as unknown[] | null) ?? [];
        return { name, args, text: TEXT_OPS.has(name) ? glyphText(args.find(Array.isArray)) : '', page: number };
      });
      pages.push({ text: items.map((i) => i.str).filter((s) => s.trim() !== ''), lines: linesOf(items), ops: operators.map((o) => o.name), operators });
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return { pages, text: pages.flatMap((p) => p.lines).join('\n'), operators: pages.flatMap((p) => p.operators) };
}

/** The text the operators show, in order (runs joined as drawn: no separators added). */
export const shownText = (ops: PdfOp[]) => ops.map((o) => o.text).join('');

/**
 * The operators from the one that starts showing `from` up to (not including) the one that starts
 * showing `to` (to the end when `to` is absent or not found after `from`); empty when `from` is not
 * shown. Text split over several operators is found across them.
 */
export function opsBetween(ops: PdfOp[], from: string, to?: string): PdfOp[] {
  let text = '';
  const owner: number[] = [];
  ops.forEach((o, i) => {
    text += o.text;
    for (let c = 0; c < o.text.length; c++) owner.push(i);
  });
  const start = text.indexOf(from);
  if (start < 0) return [];
  const end = to === undefined ? -1 : text.indexOf(to, start + from.length);
  return ops.slice(owner[start], end < 0 ? ops.length : owner[end]);
}

/** A path drawn with a line: a constructPath the next operator strokes, with the graphics state it is stroked in. */
export interface PdfStroke {
  /** The painting operator: 'stroke', 'fillStroke', 'closeStroke', ... */
  paint: string;
  /** In the path's own units (before the current transform). */
  lineWidth: number;
  /** The dash array ([] for a solid line). */
  dash: number[];
  /** The path's operators: 'moveTo', 'lineTo', 'curveTo', 'closePath', 'rectangle', ... */
  path: string[];
  /** The path's coordinates, x and y alternating. */
  coords: number[];
}

/** Every stroked path, with the line width and dash in force (save/restore scoped, as in PDF). */
export function strokes(ops: PdfOp[]): PdfStroke[] {
  let state = { lineWidth: 1, dash: [] as number[] };
  const saved: (typeof state)[] = [];
  const found: PdfStroke[] = [];
  ops.forEach((o, i) => {
    if (o.name === 'save') saved.push(state);
    else if (o.name === 'restore') state = saved.pop() ?? { lineWidth: 1, dash: [] };
    else if (o.name === 'setLineWidth') state = { ...state, lineWidth: Number(o.args[0]) };
    else if (o.name === 'setDash') state = { ...state, dash: Array.isArray(o.args[0]) ? (o.args[0] as number[]) : [] };
    else if (o.name === 'constructPath' && STROKE_OPS.has(ops[i + 1]?.name ?? '')) {
      const codes = Array.isArray(o.args[0]) ? (o.args[0] as number[]) : [];
      const coords = Array.isArray(o.args[1]) ? (o.args[1] as number[]) : [];
      found.push({ paint: ops[i + 1]!.name, ...state, path: codes.map((c) => OP_NAMES.get(c) ?? String(c)), coords: [...coords] });
    }
  });
  return found;
}

/** Paths drawn with a line: a constructPath the next operator strokes. */
export const strokedPaths = (ops: PdfOp[]) => strokes(ops).length;

/** Paths stroked while a dash pattern with at least one dash is set. */
export const dashedStrokes = (ops: PdfOp[]) => strokes(ops).filter((s) => s.dash.some((d) => d > 0)).length;
