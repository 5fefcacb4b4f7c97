import xss from 'xss';
import { PayloadTooLargeError } from './errors.ts';

// xss is CommonJS: Node's ESM loader sees only its default export, which carries the rest.
const { FilterXSS, safeAttrValue } = xss as unknown as typeof import('xss');

/**
 * Server-side sanitizer for every rich-text write (session notes, goal descriptions, progress
 * notes, AI output included): a fixed allow-list of tags, `style` limited to color and
 * text-align, links limited to http, https and mailto.
 */
const ALLOWED_STYLE = /^\s*(color\s*:\s*(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})|text-align\s*:\s*(left|right|center|justify))\s*$/i;
const styled = ['style'];

const filter = new FilterXSS({
  whiteList: {
    p: styled,
    h1: styled,
    h2: styled,
    h3: styled,
    h4: styled,
    span: styled,
    strong: [],
    b: [],
    em: [],
    i: [],
    s: [],
    u: [],
    mark: styled,
    br: [],
    hr: [],
    ul: [],
    ol: ['start'],
    li: styled,
    blockquote: [],
    code: [],
    pre: [],
    a: ['href', 'target', 'rel'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math'],
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    if (name === 'style') {
      const kept = value
        .split(';')
        .map((d) => d.trim())
        .filter((d) => d && ALLOWED_STYLE.test(d));
      return kept.length ? `style="${kept.join('; ')}"` : '';
    }
    if (tag === 'a' && name === 'href') {
      const v = value.trim();
      return /^(https?:|mailto:)/i.test(v) ? `href="${safeAttrValue(tag, name, v, undefined as never)}"` : '';
    }
    if (tag === 'a' && name === 'target') return value === '_blank' ? 'target="_blank"' : '';
    if (tag === 'a' && name === 'rel') return 'rel="noopener noreferrer nofollow"';
    if (tag === 'ol' && name === 'start') return /^\d{1,4}$/.test(value) ? `start="${value}"` : '';
    return undefined;
  },
});

/**
 * The most a stored rich-text value may take, in UTF-8 bytes after sanitizing (which can grow it:
 * `<` becomes `&lt;`). DynamoDB items are limited to 400 KB; this leaves room for the rest of the item.
 */
export const RICH_TEXT_STORED_MAX_BYTES = 300 * 1024;

/** Sanitizes rich text for storing; 413 when the result would not fit in its record. */
export function sanitizeRichText(html: string): string {
  const clean = filter.process(html).trim();
  if (Buffer.byteLength(clean, 'utf8') > RICH_TEXT_STORED_MAX_BYTES) {
    throw new PayloadTooLargeError(`The text is too long to save: formatted text is limited to ${RICH_TEXT_STORED_MAX_BYTES / 1024} KB.`);
  }
  return clean;
}

/** The text of a rich-text value, for previews, search and "is it empty" checks. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
