import { describe, expect, it } from 'vitest';
import { isCompressible, negotiateEncoding } from './compression.ts';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['br;q=0, *', 'gzip'],
    [['gzip', 'br'], 'br'],
  ])('for Accept-Encoding %j chooses %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('isCompressible', () => {
  it('takes text, JSON, scripts and SVG, never PDFs, images, fonts or unknown types', () => {
    for (const type of ['application/json; charset=utf-8', 'text/csv; charset=utf-8', 'text/html; charset=utf-8', 'text/javascript; charset=utf-8', 'image/svg+xml'])
      expect(isCompressible(type), type).toBe(true);
    for (const type of ['application/pdf', 'image/png', 'font/woff2', 'application/octet-stream', undefined]) expect(isCompressible(type), type).toBe(false);
  });
});
