import { describe, expect, it } from 'vitest';
import { htmlBlocks, renderPdf, wrapText } from './pdf.ts';

describe('the PDF writer', () => {
  it('wraps words inside the width and breaks a word that cannot fit', () => {
    const lines = wrapText('The quick brown fox jumps over the lazy dog '.repeat(10), 200, 11);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.every((l) => l.length < 60)).toBe(true);
    expect(wrapText('x'.repeat(300), 100, 11).every((l) => l.length <= 40)).toBe(true);
  });

  it('reads headings, paragraphs and list items from rich text', () => {
    expect(htmlBlocks('<h2>Title</h2><p>One &amp; <strong>two</strong></p><ul><li>a</li><li>b&#8217;s</li></ul>')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'One & two' },
      { kind: 'bullet', text: 'a' },
      { kind: 'bullet', text: 'b’s' },
    ]);
  });

  it('writes a well-formed file over several pages: every xref offset points at its object', () => {
    const html = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i} (with parentheses) and a backslash \\ and “quotes” — é.</p>`).join('');
    const pdf = renderPdf({ title: 'Progress Note', header: ['Student: Ava M.'], html }).toString('latin1');
    const pages = Number(/\/Count (\d+)/.exec(pdf)![1]);
    expect(pages).toBeGreaterThan(2);
    expect(pdf).toContain(`(Page ${pages} of ${pages})`);
    expect(pdf).toContain('\\(with parentheses\\)');
    expect(pdf).toContain('\\\\');
    expect(pdf).toContain('\\223quotes\\224 \\227 \\351');
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(4 + 2 * pages);
    offsets.forEach((o, i) => expect(pdf.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    for (const m of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = m.index + m[0].length;
      expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
    }
  });
});
