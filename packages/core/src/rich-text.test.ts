import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the editor formatting', () => {
    const html = '<h2 style="text-align: center">Goal</h2><p><strong>B</strong> <em>I</em> <s>S</s> <span style="color: #ff0000">red</span></p><ul><li>a</li></ul><ol><li>b</li></ol>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers, javascript: links and foreign styles', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="https://ok.example">ok</a><img src=x onerror=alert(1)><p style="position:fixed; color: blue; background:url(x)">s</p><iframe src="https://x"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|position|background|<img/i);
    expect(out).toContain('<a href="https://ok.example">ok</a>');
    expect(out).toContain('<p style="color: blue">s</p>');
  });

  it('keeps mailto links and drops data: links', () => {
    expect(sanitizeRichText('<a href="mailto:a@b.co">m</a>')).toBe('<a href="mailto:a@b.co">m</a>');
    expect(sanitizeRichText('<a href="data:text/html,x">d</a>')).toBe('<a>d</a>');
  });

  it('gives plain text for previews', () => {
    expect(plainText('<p>Hello&nbsp;<strong>world</strong></p><p>Again &amp; more</p>')).toBe('Hello world Again & more');
  });
});
