/**
 * The fonts a PDF is written with: Noto, so every script the SPA shows prints as written.
 *
 * - latin: Noto Sans (Latin with Vietnamese, Greek, Cyrillic, Devanagari), the default;
 * - arabic and hebrew: right to left, shaped by fontkit (joining forms, marks);
 * - cjk: Noto Sans SC (Chinese, and Japanese kana); korean: Noto Sans KR (Hangul).
 *
 * The files come from the @expo-google-fonts packages (Google Fonts' TTFs, OFL). A deployed
 * function carries them in a `fonts/` folder beside its bundle (infra copies `pdfFontFiles` there
 * for every function that declares `pdf`); run from source, they are read from node_modules.
 * PDFKit embeds only the glyphs a document uses (a subset), so a note stays small.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

export type FontFamily = 'latin' | 'arabic' | 'hebrew' | 'cjk' | 'korean';
export type FontWeight = 'regular' | 'bold';

/** Package paths of each family's files; a family without a bold face prints bold text regular. */
const FILES: Record<FontFamily, Partial<Record<FontWeight, string>> & { regular: string }> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  hebrew: {
    regular: '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
  },
  cjk: { regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' },
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

const loaded = new Map<string, Buffer>();

/** A face's bytes, read once per process (the CJK faces are several megabytes). */
export function fontBytes(family: FontFamily, weight: FontWeight): Buffer {
  const packagePath = FILES[family][weight] ?? FILES[family].regular;
  let bytes = loaded.get(packagePath);
  if (!bytes) {
    bytes = readFileSync(fontPath(packagePath));
    loaded.set(packagePath, bytes);
  }
  return bytes;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/u;
const KOREAN = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff]/u;
const CJK = /[\u2e80-\u2fdf\u3000-\u30ff\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3134f}]/u;
/** Characters every face has (spaces, digits, common punctuation): they stay in the run around them. */
const SHARED = /[\s0-9.,:;!?'"()\-–—/%&+]/u;

/** The family a character prints with, or null for one any family can print. */
export function familyOf(char: string): FontFamily | null {
  if (SHARED.test(char)) return null;
  if (ARABIC.test(char)) return 'arabic';
  if (HEBREW.test(char)) return 'hebrew';
  if (KOREAN.test(char)) return 'korean';
  if (CJK.test(char)) return 'cjk';
  return 'latin';
}
