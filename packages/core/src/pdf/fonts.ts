/**
 * The fonts a PDF is written with: Noto, one family per script, so every name prints as written
 * (spec part 4 §1.7).
 *
 * - latin: Noto Sans (Latin with Vietnamese, Greek, Cyrillic and Devanagari), the default;
 * - one Noto Sans face per other script: Armenian, Georgian, Arabic, Hebrew, Bengali, Gurmukhi,
 *   Gujarati, Tamil, Telugu, Kannada, Malayalam, Sinhala, Thai, Lao, Khmer, Myanmar, Ethiopic;
 * - cjk: Noto Sans SC (Chinese); japanese: Noto Sans JP (kana, and Han in a paragraph with kana,
 *   so a Japanese name keeps its Japanese letterforms); korean: Noto Sans KR (Hangul).
 *
 * The files come from the @expo-google-fonts packages (Google Fonts' TTFs, OFL). A deployed
 * function carries them in a `fonts/` folder beside its bundle (infra copies `pdfFontFiles` there
 * for every function that declares `pdf`); run from source, they are read from node_modules. A face
 * is read and parsed only the first time a document needs it (once per process), and PDFKit embeds
 * only the glyphs a document uses (a subset), so a note stays small.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';

export type FontFamily =
  | 'latin'
  | 'armenian'
  | 'georgian'
  | 'arabic'
  | 'hebrew'
  | 'bengali'
  | 'gurmukhi'
  | 'gujarati'
  | 'tamil'
  | 'telugu'
  | 'kannada'
  | 'malayalam'
  | 'sinhala'
  | 'thai'
  | 'lao'
  | 'khmer'
  | 'myanmar'
  | 'ethiopic'
  | 'cjk'
  | 'japanese'
  | 'korean';
export type FontWeight = 'regular' | 'bold';

/** A family with both weights in one @expo-google-fonts package (`noto-sans-<slug>`, `NotoSans<Name>_…`). */
const both = (slug: string, name: string) => ({
  regular: `@expo-google-fonts/${slug}/400Regular/${name}_400Regular.ttf`,
  bold: `@expo-google-fonts/${slug}/700Bold/${name}_700Bold.ttf`,
});

/**
 * Package paths of each family's files. The CJK families have a regular face only (each is
 * megabytes): their bold text prints regular.
 */
const FILES: Record<FontFamily, Partial<Record<FontWeight, string>> & { regular: string }> = {
  latin: both('noto-sans', 'NotoSans'),
  armenian: both('noto-sans-armenian', 'NotoSansArmenian'),
  georgian: both('noto-sans-georgian', 'NotoSansGeorgian'),
  arabic: both('noto-sans-arabic', 'NotoSansArabic'),
  hebrew: both('noto-sans-hebrew', 'NotoSansHebrew'),
  bengali: both('noto-sans-bengali', 'NotoSansBengali'),
  gurmukhi: both('noto-sans-gurmukhi', 'NotoSansGurmukhi'),
  gujarati: both('noto-sans-gujarati', 'NotoSansGujarati'),
  tamil: both('noto-sans-tamil', 'NotoSansTamil'),
  telugu: both('noto-sans-telugu', 'NotoSansTelugu'),
  kannada: both('noto-sans-kannada', 'NotoSansKannada'),
  malayalam: both('noto-sans-malayalam', 'NotoSansMalayalam'),
  sinhala: both('noto-sans-sinhala', 'NotoSansSinhala'),
  thai: both('noto-sans-thai', 'NotoSansThai'),
  lao: both('noto-sans-lao', 'NotoSansLao'),
  khmer: both('noto-sans-khmer', 'NotoSansKhmer'),
  myanmar: both('noto-sans-myanmar', 'NotoSansMyanmar'),
  ethiopic: both('noto-sans-ethiopic', 'NotoSansEthiopic'),
  cjk: { regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' },
  japanese: { regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf' },
  korean: { regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf' },
};

/** Every font file as a package path: what infra copies beside a function that declares `pdf`. */
export const pdfFontFiles: string[] = Object.values(FILES).flatMap((f) => Object.values(f));

/** The folder a deployed function carries its fonts in, beside its bundle. */
export const FONTS_FOLDER = 'fonts';

const besideBundle = fileURLToPath(new URL(`./${FONTS_FOLDER}/`, import.meta.url));
const fromPackages = createRequire(import.meta.url);

function fontPath(packagePath: string): string {
  const beside = besideBundle + basename(packagePath);
  return existsSync(beside) ? beside : fromPackages.resolve(packagePath);
}

const parsed = new Map<string, Font>();

/**
 * A face, read and parsed once per process, the first time a document needs it (the CJK faces are
 * several megabytes). PDFKit takes the parsed font as it is, so checking coverage and drawing share it.
 */
export function fontFace(family: FontFamily, weight: FontWeight = 'regular'): Font {
  const packagePath = FILES[family][weight] ?? FILES[family].regular;
  let font = parsed.get(packagePath);
  if (!font) {
    font = create(readFileSync(fontPath(packagePath))) as Font;
    toleratesMissingAnchors(font);
    parsed.set(packagePath, font);
  }
  return font;
}

/** Whether a family's face has a glyph for a character (both weights of a family cover the same characters). */
export const covers = (family: FontFamily, codePoint: number) => fontFace(family).hasGlyphForCodePoint(codePoint);

/** A mark attachment subtable without the anchor it needs: the subtable does not apply. */
class MissingAnchor extends Error {}
const PATCHED = Symbol('tolerates missing anchors');
interface GposProcessor {
  applyLookup: (this: GposProcessor, type: number, table: unknown) => boolean;
  applyAnchor: (this: GposProcessor, markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseGlyphIndex: number) => void;
  [PATCHED]?: true;
}

/**
 * fontkit 2.0.4 throws "Cannot read properties of null (reading 'xCoordinate')" when a mark
 * attachment subtable has no anchor for a base (a NULL offset, which OpenType allows and Noto Sans
 * Gurmukhi and Telugu use for marks placed by a later subtable): every Gurmukhi ੁ and Telugu ీ
 * failed. Its GPOS processor is not exported, so the fix goes on its prototype, reached through a
 * face's layout engine, once per process: a subtable without the anchor does not apply and the next
 * subtable is tried, as HarfBuzz does.
 */
function toleratesMissingAnchors(font: Font) {
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor | null } } })._layoutEngine?.engine;
  const processor = engine?.GPOSProcessor;
  if (!processor) return;
  const proto = Object.getPrototypeOf(processor) as GposProcessor;
  if (proto[PATCHED]) return;
  const { applyLookup, applyAnchor } = proto;
  proto.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord.markAnchor) throw new MissingAnchor();
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  proto.applyLookup = function (type, table) {
    try {
      return applyLookup.call(this, type, table);
    } catch (e) {
      if (e instanceof MissingAnchor) return false;
      throw e;
    }
  };
  proto[PATCHED] = true;
}

/** Scripts by family; Latin, Greek, Cyrillic and Devanagari are Noto Sans's own. */
const SCRIPTS: [RegExp, FontFamily][] = [
  [/[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Devanagari}]/u, 'latin'],
  [/\p{sc=Arabic}/u, 'arabic'],
  [/\p{sc=Hebrew}/u, 'hebrew'],
  [/\p{sc=Armenian}/u, 'armenian'],
  [/\p{sc=Georgian}/u, 'georgian'],
  [/\p{sc=Bengali}/u, 'bengali'],
  [/\p{sc=Gurmukhi}/u, 'gurmukhi'],
  [/\p{sc=Gujarati}/u, 'gujarati'],
  [/\p{sc=Tamil}/u, 'tamil'],
  [/\p{sc=Telugu}/u, 'telugu'],
  [/\p{sc=Kannada}/u, 'kannada'],
  [/\p{sc=Malayalam}/u, 'malayalam'],
  [/\p{sc=Sinhala}/u, 'sinhala'],
  [/\p{sc=Thai}/u, 'thai'],
  [/\p{sc=Lao}/u, 'lao'],
  [/\p{sc=Khmer}/u, 'khmer'],
  [/\p{sc=Myanmar}/u, 'myanmar'],
  [/\p{sc=Ethiopic}/u, 'ethiopic'],
  [/\p{sc=Hangul}/u, 'korean'],
  [/[\p{sc=Hiragana}\p{sc=Katakana}]/u, 'japanese'],
  // Han, Bopomofo and the CJK punctuation and full-width forms (script Common, but no other face has them).
  [/[\p{sc=Han}\p{sc=Bopomofo}\u3000-\u303f\u30fb\u30fc\uff00-\uffef]/u, 'cjk'],
];

/** Kana in a paragraph makes its Han characters Japanese. */
export const KANA = /[\p{sc=Hiragana}\p{sc=Katakana}]/u;

/**
 * What a character prints with: its script's family; 'shared' for one of no script of its own
 * (spaces, digits, punctuation: script Common), which goes in the run around it; 'inherit' for a
 * combining mark or a joiner, which belongs with the character before it. A character of a script
 * without a face here gets 'latin', whose coverage check then refuses it.
 */
export function familyOf(char: string): FontFamily | 'shared' | 'inherit' {
  for (const [script, family] of SCRIPTS) if (script.test(char)) return family;
  if (/[\p{sc=Inherited}\p{Default_Ignorable_Code_Point}]/u.test(char)) return 'inherit';
  if (/\p{sc=Common}/u.test(char)) return 'shared';
  return 'latin';
}

/** Faces to try, in order, when a family's face lacks a character (a rare Han character, say). */
export const ALTERNATES: Partial<Record<FontFamily, FontFamily[]>> = {
  cjk: ['japanese', 'korean'],
  japanese: ['cjk', 'korean'],
  korean: ['cjk', 'japanese'],
};
