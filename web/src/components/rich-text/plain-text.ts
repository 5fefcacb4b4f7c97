/**
 * Plain text of a rich-text (HTML) value, for previews, search and "is it empty" checks. A regex
 * pass rather than a DOM parse: it never runs the markup (no image loads, no handlers) and works
 * the same in tests.
 */
const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

export function plainText(html: string): string {
  return html
    .replace(/<(br|hr|\/p|\/li|\/h\d|\/blockquote|\/pre)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters of the text, with an ellipsis when there is more. */
export function preview(html: string, length: number): string {
  const text = plainText(html);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}
