/**
 * Rich text in the browser. The server sanitizes every rich-text write by the contract's rich-text
 * policy (allow-listed tags, `style` limited to color and text-align, http/https/mailto links);
 * `sanitizeHtml` applies the same policy before anything is put into the page, as defence in depth.
 *
 * Session and progress notes are edited here in a plain textarea but stored as HTML like the rest of
 * the rich text: `textToHtml` escapes what was typed (so "a < b" is not read as a tag and survives
 * the server's sanitizer unchanged) and `htmlToText` turns stored HTML back into editable text.
 */

import { RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_LINK, RICH_TEXT_LINK_REL, RICH_TEXT_LIST_START, RICH_TEXT_STYLE, RICH_TEXT_TAGS } from '@caseload/contract/rich-text-policy';

const ALLOWED_TAGS = new Set(Object.keys(RICH_TEXT_TAGS).map((tag) => tag.toUpperCase()));
const DROPPED_WITH_CONTENT = new Set<string>(RICH_TEXT_DROPPED_WITH_CONTENT.map((tag) => tag.toUpperCase()));
const BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'LI', 'BLOCKQUOTE', 'PRE', 'UL', 'OL']);

export const looksLikeHtml = (text: string) => /<\/?[a-z][\s\S]*>/i.test(text);

function parse(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

function clean(node: Element) {
  for (const child of [...node.children]) {
    if (DROPPED_WITH_CONTENT.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowedAttributes = RICH_TEXT_TAGS[child.tagName.toLowerCase()] ?? [];
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      if (!allowedAttributes.includes(name)) {
        child.removeAttribute(attribute.name);
      } else if (name === 'style') {
        const kept = attribute.value
          .split(';')
          .map((declaration) => declaration.trim())
          .filter((declaration) => declaration && RICH_TEXT_STYLE.test(declaration));
        if (kept.length) child.setAttribute('style', kept.join('; '));
        else child.removeAttribute('style');
      } else if (child.tagName === 'A' && name === 'href' && RICH_TEXT_LINK.test(attribute.value.trim())) {
        continue;
      } else if (child.tagName === 'OL' && name === 'start' && RICH_TEXT_LIST_START.test(attribute.value)) {
        continue;
      } else {
        child.removeAttribute(attribute.name);
      }
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', RICH_TEXT_LINK_REL);
    }
  }
  // Comments and other non-element, non-text nodes go too.
  for (const child of [...node.childNodes]) if (child.nodeType !== 1 && child.nodeType !== 3) child.remove();
}

export function sanitizeHtml(html: string): string {
  const body = parse(html);
  clean(body);
  return body.innerHTML;
}

export function textToHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>');
}

/** Stored HTML as editable text: line breaks and block ends become newlines, entities are decoded. */
export function htmlToText(html: string): string {
  if (!html) return '';
  if (!looksLikeHtml(html) && !html.includes('&')) return html;
  const body = parse(html);
  let text = '';
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) text += child.textContent ?? '';
      else if (child.nodeType === 1) {
        const tag = (child as Element).tagName;
        if (tag === 'BR') text += '\n';
        else if (!DROPPED_WITH_CONTENT.has(tag)) {
          if (BLOCKS.has(tag) && text && !text.endsWith('\n')) text += '\n';
          walk(child);
          if (BLOCKS.has(tag) && !text.endsWith('\n')) text += '\n';
        }
      }
    }
  };
  walk(body);
  return text.replace(/\n+$/, '');
}
