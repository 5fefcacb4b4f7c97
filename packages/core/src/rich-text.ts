import { RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_LINK, RICH_TEXT_LINK_REL, RICH_TEXT_LIST_START, RICH_TEXT_STYLE, RICH_TEXT_TAGS } from '@caseload/contract/rich-text-policy';
import xss from 'xss';
import { PayloadTooLargeError } from './errors.ts';

// xss is CommonJS: Node's ESM loader sees only its default export, which carries the rest.
const { FilterXSS, safeAttrValue } = xss as unknown as typeof import('xss');

/**
 * Server-side sanitizer for every rich-text write (session notes, goal descriptions, progress
 * notes, AI output included), enforcing the contract's rich-text policy: its allow-list of tags,
 * `style` limited to color and text-align, links limited to http, https and mailto.
 */
const filter = new FilterXSS({
  whiteList: Object.fromEntries(Object.entries(RICH_TEXT_TAGS).map(([tag, attrs]) => [tag, [...attrs]])),
  stripIgnoreTag: true,
  stripIgnoreTagBody: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    if (name === 'style') {
      const kept = value
        .split(';')
        .map((d) => d.trim())
        .filter((d) => d && RICH_TEXT_STYLE.test(d));
      return kept.length ? `style="${kept.join('; ')}"` : '';
    }
    if (tag === 'a' && name === 'href') {
      const v = value.trim();
      return RICH_TEXT_LINK.test(v) ? `href="${safeAttrValue(tag, name, v, undefined as never)}"` : '';
    }
    if (tag === 'a' && name === 'target') return value === '_blank' ? 'target="_blank"' : '';
    if (tag === 'a' && name === 'rel') return `rel="${RICH_TEXT_LINK_REL}"`;
    if (tag === 'ol' && name === 'start') return RICH_TEXT_LIST_START.test(value) ? `start="${value}"` : '';
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
