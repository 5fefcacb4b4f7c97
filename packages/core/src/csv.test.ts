import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvFile, csvLine, csvRow, csvStart } from './csv.ts';

describe('csvCell', () => {
  it('quotes every cell, doubles quotes, and defuses formulas', () => {
    expect(csvCell('Ava M.')).toBe('"Ava M."');
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell(-5)).toBe('"-5"');
  });

  it('defuses the full-width and small forms of every formula character, and formulas behind spaces', () => {
    for (const start of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B', '\n']) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    for (const spaced of [' =1+1', '\u3000\uFF1D1+1', '  @SUM(A1)']) expect(csvCell(spaced)).toBe(`"'${spaced}"`);
  });

  it('leaves ordinary text alone, whatever its script', () => {
    for (const plain of ['Zoë', 'مريم', '김민준', 'a=b', '1-2', 'Ava (Gr. 3)']) expect(csvCell(plain)).toBe(`"${plain}"`);
  });
});

describe('a CSV file', () => {
  it('starts with a byte-order mark and the header, ends every line with CRLF, whole or streamed', () => {
    const rows = [csvRow(['Ava M.', 3]), csvRow(['=1+1', ''])];
    const whole = csvDocument('"A","B"', rows);
    expect(whole).toBe('\uFEFF"A","B"\r\n"Ava M.","3"\r\n"\'=1+1",""\r\n');
    expect(csvStart('"A","B"') + rows.map(csvLine).join('')).toBe(whole);
  });

  it('downloads as UTF-8 CSV under its name', () => {
    expect(csvFile('x.csv', csvDocument('"A"', []))).toEqual({ filename: 'x.csv', contentType: 'text/csv; charset=utf-8', body: '\uFEFF"A"\r\n' });
  });
});
