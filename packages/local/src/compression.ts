import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { Transform } from 'node:stream';

export type Encoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than its headers and the CPU cost. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Text worth compressing. PDFs, images and fonts are compressed formats already: a second pass
 * costs CPU and saves nothing.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/**
 * Brotli at quality 4 compresses about as fast as gzip's default and still smaller; the default
 * quality 11 takes tens of milliseconds on a large client list, too slow for every request.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding to use for what `acceptEncoding` allows, or undefined for none. q-values are honoured
 * (`gzip;q=0` refuses gzip, `*` stands for any coding not named); br wins a tie.
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (coding: Encoding) => q.get(coding) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

/** Whether answers of this type are worth compressing, and so vary by Accept-Encoding. */
export const isCompressible = (contentType: string | undefined) => !!contentType && COMPRESSIBLE.test(contentType);

export function compressBuffer(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? promisify(brotliCompress)(body, { ...BROTLI_OPTIONS, params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : promisify(gzip)(body);
}

export function compressStream(encoding: Encoding): Transform {
  return encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip();
}
