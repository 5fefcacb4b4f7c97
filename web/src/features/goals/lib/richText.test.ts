import { describe, expect, it } from 'vitest';
import { htmlToText, looksLikeHtml, sanitizeHtml, textToHtml } from './richText.ts';

describe('rich text in the browser', () => {
  it('stores typed text as HTML that reads back unchanged', () => {
    const typed = 'Ava said "s" < 5 times & needed cues\nSecond line';
    const html = textToHtml(typed);
    expect(html).toBe('Ava said "s" &lt; 5 times &amp; needed cues<br>Second line');
    expect(looksLikeHtml(html)).toBe(true);
    expect(htmlToText(html)).toBe(typed);
  });

  it('reads rich-text paragraphs and lists as lines', () => {
    expect(htmlToText('<p>One</p><p>Two <strong>bold</strong></p><ul><li>a</li><li>b</li></ul>')).toBe('One\nTwo bold\na\nb');
    expect(htmlToText('plain text')).toBe('plain text');
    expect(htmlToText('')).toBe('');
  });

  it('keeps allowed markup and drops scripts, handlers, unsafe links and styles', () => {
    const html = sanitizeHtml(
      '<p style="color: red; position: fixed">Hi <a href="javascript:alert(1)">x</a> <a href="https://example.org" onclick="x()">ok</a></p><script>alert(1)</script><img src=x onerror=alert(1)><style>p { color: red }</style>',
    );
    expect(html).toBe('<p style="color: red">Hi <a target="_blank" rel="noopener noreferrer nofollow">x</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">ok</a></p>');
  });
});
