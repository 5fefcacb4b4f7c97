/**
 * A paragraph as lines of font runs, in the order they are drawn (left to right).
 *
 * - Each character prints with the Noto family of its script (fonts.ts); spaces, digits and
 *   common punctuation stay in the run around them, and combining marks and joiners with the
 *   character they follow, so a run is as long as it can be (and fontkit shapes a syllable whole).
 *   A character no face has is refused (UnprintableTextError, 422), never drawn as a box.
 * - Direction follows the Unicode Bidirectional Algorithm (bidi-js), with the paragraph's
 *   direction set by most of its letters rather than its first one (rule P2 would make "نور A.
 *   attended 3 sessions" a right-to-left paragraph); lines are wrapped in logical order, then each
 *   line's runs are reordered for display (rule L2). A right-to-left run keeps its logical text: fontkit
 *   shapes it (Arabic joining) and lays its glyphs out right to left itself.
 * - Myanmar's vowel sign E and medial Ra are written before their consonant but stored after it;
 *   fontkit has no Myanmar shaper, so they are moved before the consonant here.
 * - Lines break at spaces, and between any two CJK characters (those scripts use no spaces); a
 *   word wider than the line is broken between characters.
 */
import bidiFactory from 'bidi-js';
import { UnprintableTextError } from '../errors.ts';
import { ALTERNATES, covers, familyOf, KANA, type FontFamily } from './fonts.ts';

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
  const flat = myanmarDisplayOrder(text.replace(/\s+/gu, ' ').trim());
  const { levels, paragraphs } = bidi.getEmbeddingLevels(flat, mostlyRightToLeft(flat) ? 'rtl' : 'ltr');
  const japanese = KANA.test(flat);
  const chars: Char[] = [];
  let index = 0;
  let previous: FontFamily | undefined;
  let unprintable = false;
  for (const ch of flat) {
    const family = faceFor(ch, previous, () => firstFamily(flat.slice(index), japanese), japanese);
    if (!family) unprintable = true;
    else chars.push({ text: ch, family, level: levels[index]! });
    previous = family ?? previous;
    index += ch.length;
  }
  if (unprintable) throw new UnprintableTextError();
  return { chars, rightToLeft: (paragraphs[0]?.level ?? 0) % 2 === 1 };
}

/** A character's own family; Han in a paragraph with kana is Japanese. */
function ownFamily(ch: string, japanese: boolean) {
  const family = familyOf(ch);
  return family === 'cjk' && japanese ? 'japanese' : family;
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * The face a character prints with, or undefined when none has it. A character of a script takes
 * its family's face (or, for Han, another CJK face that has it). A shared character (space, digit,
 * punctuation) takes its neighbour's family: the one before it, or for a paragraph's first
 * characters the first one with a family of its own, else Noto Sans. A mark or joiner stays with
 * the character before it: drawn in another face it would not attach. fontkit draws a default
 * ignorable (a joiner, a variation selector) as nothing, so it needs no glyph.
 */
function faceFor(ch: string, previous: FontFamily | undefined, following: () => FontFamily | undefined, japanese: boolean): FontFamily | undefined {
  const codePoint = ch.codePointAt(0)!;
  const own = ownFamily(ch, japanese);
  if (own === 'inherit') {
    const family = previous ?? following() ?? 'latin';
    return IGNORABLE.test(ch) || covers(family, codePoint) ? family : undefined;
  }
  const candidates = own === 'shared' ? [previous ?? following(), 'latin' as const] : [own, ...(ALTERNATES[own] ?? [])];
  return candidates.find((family): family is FontFamily => family !== undefined && covers(family, codePoint));
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

function firstFamily(text: string, japanese: boolean): FontFamily | undefined {
  for (const ch of text) {
    const family = ownFamily(ch, japanese);
    if (family !== 'shared' && family !== 'inherit') return family;
  }
  return undefined;
}

/** A Myanmar consonant with its stacked consonants (after a virama), its medials and vowel sign E, in stored order. */
const MYANMAR_CLUSTER = /([\u1000-\u102a\u103f\u104e](?:\u1039[\u1000-\u102a\u103f\u104e])*)([\u103b-\u103e]*)(\u1031?)/gu;

/** Myanmar as drawn: vowel sign E, then medial Ra, then the consonant (HarfBuzz's pre-base order). */
function myanmarDisplayOrder(text: string): string {
  return text.replace(MYANMAR_CLUSTER, (cluster, consonant: string, medials: string, e: string) => {
    if (!e && !medials.includes('\u103c')) return cluster;
    const ra = medials.includes('\u103c') ? '\u103c' : '';
    return e + ra + consonant + medials.replace('\u103c', '');
  });
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
