/**
 * A paragraph as lines of font runs, in the order they are drawn (left to right).
 *
 * - Each character prints with the Noto family of its script (fonts.ts); spaces, digits and
 *   common punctuation stay in the run around them, so a run is as long as it can be.
 * - Direction follows the Unicode Bidirectional Algorithm (bidi-js), with the paragraph's
 *   direction set by most of its letters rather than its first one (rule P2 would make "نور A.
 *   attended 3 sessions" a right-to-left paragraph); lines are wrapped in logical order, then each
 *   line's runs are reordered for display (rule L2). A right-to-left run keeps its logical text: fontkit
 *   shapes it (Arabic joining) and lays its glyphs out right to left itself.
 * - Lines break at spaces, and between any two CJK characters (those scripts use no spaces); a
 *   word wider than the line is broken between characters.
 */
import bidiFactory from 'bidi-js';
import { familyOf, type FontFamily } from './fonts.ts';

const bidi = bidiFactory();

export interface Run {
  text: string;
  family: FontFamily;
  width: number;
}
export interface Line {
  /** In drawing order, left to right. */
  runs: Run[];
  width: number;
}
export interface Paragraph {
  lines: Line[];
  rightToLeft: boolean;
}

/** The width of a text in one family at the paragraph's size and weight. */
export type Measure = (text: string, family: FontFamily) => number;

interface Char {
  text: string;
  family: FontFamily;
  level: number;
}

const CJK_BREAKABLE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
const SPACE = /\s/u;

/** The characters of a paragraph with their family and bidi level; whitespace becomes one space. */
function classify(text: string): { chars: Char[]; rightToLeft: boolean } {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const { levels, paragraphs } = bidi.getEmbeddingLevels(flat, mostlyRightToLeft(flat) ? 'rtl' : 'ltr');
  const chars: Char[] = [];
  let index = 0;
  let previous: FontFamily | undefined;
  for (const ch of flat) {
    const own = familyOf(ch);
    // A shared character (space, digit, punctuation) takes its neighbour's family: the one
    // before it, or for a paragraph's first characters the first one with a family of its own.
    const family = own ?? previous ?? firstFamily(flat.slice(index));
    chars.push({ text: ch, family, level: levels[index]! });
    previous = family;
    index += ch.length;
  }
  return { chars, rightToLeft: (paragraphs[0]?.level ?? 0) % 2 === 1 };
}

/** Whether more of the text's letters are right-to-left (Arabic, Hebrew) than left-to-right. */
function mostlyRightToLeft(text: string): boolean {
  let balance = 0;
  for (const ch of text) {
    const type = bidi.getBidiCharTypeName(ch);
    if (type === 'L') balance--;
    else if (type === 'R' || type === 'AL') balance++;
  }
  return balance > 0;
}

function firstFamily(text: string): FontFamily {
  for (const ch of text) {
    const family = familyOf(ch);
    if (family) return family;
  }
  return 'latin';
}

/** Consecutive characters of one family and level, measured. */
function runsOf(chars: Char[], measure: Measure): (Run & { level: number })[] {
  const runs: (Run & { level: number })[] = [];
  for (const c of chars) {
    const last = runs.at(-1);
    if (last && last.family === c.family && last.level === c.level) last.text += c.text;
    else runs.push({ text: c.text, family: c.family, level: c.level, width: 0 });
  }
  for (const run of runs) run.width = measure(run.text, run.family);
  return runs;
}

/** A token's width, measured run by run (kerning across a break opportunity is not worth a re-measure). */
const widthOf = (chars: Char[], measure: Measure) => runsOf(chars, measure).reduce((w, r) => w + r.width, 0);

/** Break opportunities: words (with the space after them), and single CJK characters. */
function tokens(chars: Char[]): Char[][] {
  const out: Char[][] = [];
  let word: Char[] = [];
  const flush = () => {
    if (word.length) out.push(word);
    word = [];
  };
  for (const c of chars) {
    if (CJK_BREAKABLE.test(c.text)) {
      flush();
      out.push([c]);
    } else {
      word.push(c);
      if (SPACE.test(c.text)) flush();
    }
  }
  flush();
  return out;
}

/**
 * Greedy wrapping in logical order; a token wider than the line is split between characters.
 * Each token is measured once (with and without its trailing space), so a paragraph costs one
 * measure per word, not one per word per line.
 */
function wrap(chars: Char[], maxWidth: number, measure: Measure): Char[][] {
  const lines: Char[][] = [];
  let line: Char[] = [];
  /** The line's width with its trailing space, and without it. */
  let width = 0;
  let trimmedWidth = 0;
  const endsInSpace = (l: Char[]) => l.length > 0 && SPACE.test(l.at(-1)!.text);
  const trimmed = (l: Char[]) => (endsInSpace(l) ? l.slice(0, -1) : l);
  const flush = () => {
    if (trimmed(line).length) lines.push(trimmed(line));
    line = [];
    width = trimmedWidth = 0;
  };
  for (const token of tokens(chars)) {
    const full = widthOf(token, measure);
    const bare = endsInSpace(token) ? widthOf(trimmed(token), measure) : full;
    if (width + bare <= maxWidth) {
      line.push(...token);
      trimmedWidth = width + bare;
      width += full;
      continue;
    }
    flush();
    if (bare <= maxWidth) {
      line.push(...token);
      trimmedWidth = bare;
      width = full;
      continue;
    }
    for (const c of token) {
      const w = widthOf([c], measure);
      if (line.length && trimmedWidth + (SPACE.test(c.text) ? 0 : w) > maxWidth) flush();
      line.push(c);
      if (!SPACE.test(c.text)) trimmedWidth = width + w;
      width += w;
    }
  }
  flush();
  return lines;
}

/** Rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above. */
function visualOrder<T extends { level: number }>(runs: T[]): T[] {
  const out = [...runs];
  const max = Math.max(0, ...out.map((r) => r.level));
  const lowestOdd = Math.min(...out.map((r) => r.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length; i++) {
      if (out[i]!.level < level) continue;
      let j = i;
      while (j + 1 < out.length && out[j + 1]!.level >= level) j++;
      out.splice(i, j - i + 1, ...out.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return out;
}

const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

/** A paragraph laid out in lines at most `maxWidth` wide. */
export function layoutParagraph(text: string, maxWidth: number, measure: Measure): Paragraph {
  const { chars, rightToLeft } = classify(text);
  const lines = wrap(chars, maxWidth, measure).map((lineChars): Line => {
    const runs = visualOrder(runsOf(lineChars, measure)).map(({ text: runText, family, width, level }) => ({
      // fontkit turns a right-to-left script around itself; a right-to-left run of neutral
      // characters only (punctuation between two Arabic words) is turned around here.
      text: level % 2 === 1 && !STRONG_RTL.test(runText) ? [...runText].reverse().join('') : runText,
      family,
      width,
    }));
    return { runs, width: runs.reduce((w, r) => w + r.width, 0) };
  });
  return { lines, rightToLeft };
}
