/**
 * Stands in for brotli's decompressor in Lambda bundles (475 KiB minified, a third of a PDF
 * function's bundle). fontkit loads it to open WOFF2 fonts; the PDF writer embeds only the Noto
 * TrueType files of packages/core/src/pdf/fonts.ts, which fontkit reads without it. Reaching it
 * would mean a WOFF2 font was handed to PDFKit, so it fails loudly instead.
 * tests/infra/bundles.test.ts writes a PDF with a bundled copy of the writer's modules.
 */
export default function decompress(): never {
  throw new Error('brotli is not bundled: the PDF writer embeds TrueType fonts only (no WOFF2)');
}
