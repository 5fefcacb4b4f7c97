/**
 * The one rich-text policy: which tags and attributes a stored or shown rich-text value may hold.
 * The server's sanitizer (packages/core/src/rich-text.ts) enforces it on every write; the browser
 * applies it again before putting stored HTML into the page, as defence in depth.
 */

/** Allowed tags (lower case) and the attributes each may keep. */
export const RICH_TEXT_TAGS: Readonly<Record<string, readonly string[]>> = {
  p: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  span: ['style'],
  strong: [],
  b: [],
  em: [],
  i: [],
  s: [],
  u: [],
  mark: ['style'],
  br: [],
  hr: [],
  ul: [],
  ol: ['start'],
  li: ['style'],
  blockquote: [],
  code: [],
  pre: [],
  a: ['href', 'target', 'rel'],
};

/** Tags removed together with everything inside them. */
export const RICH_TEXT_DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math'] as const;

/** One `style` declaration that may stay: a color or a text alignment. */
export const RICH_TEXT_STYLE = /^\s*(color\s*:\s*(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})|text-align\s*:\s*(left|right|center|justify))\s*$/i;

/** Links go to the web or to e-mail only. */
export const RICH_TEXT_LINK = /^(https?:|mailto:)/i;

/** An ordered list's start number. */
export const RICH_TEXT_LIST_START = /^\d{1,4}$/;

/** What every link is given, whatever it was sent with. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';
