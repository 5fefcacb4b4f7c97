/**
 * What a screen must hold at any width, measured in the page (issue 34's journey,
 * tests/e2e/demo-journey.test.ts): each finding names the check, an element's selector and the
 * figures measured, so a failure says what to fix.
 *
 * - Page overflow: the document scrolls sideways (`scrollWidth` beyond `clientWidth`).
 * - Card overflow: a card (Chakra's `.chakra-card__root`) is wider inside than its box.
 * - Sideways scroller: any element that scrolls sideways (overflow-x auto or scroll with content wider
 *   than its box): content hidden until the reader scrolls, inside a card or not.
 * - Cut text: a text node drawn beyond the box that clips it (an ancestor with overflow hidden or
 *   clip, an ellipsis, a line clamp), or an input whose value is wider than its field; unless the
 *   nearest `title` over the text (the one the browser shows on hover) holds the whole text.
 * - Target size (WCAG 2.2 SC 2.5.8): a standalone control under 24 × 24 CSS px. A link counts as
 *   inline (exempt) when it is laid out inline and words of the same line box sit beside it: the
 *   text of its inline-level siblings has a letter or digit. A visually hidden input (Chakra's
 *   checkbox, radio, switch) is measured by its label, the box a pointer hits.
 */
import type { Page } from 'playwright-core';

export interface LayoutFinding {
  check: 'page overflow' | 'card overflow' | 'sideways scroller' | 'cut text' | 'target size';
  selector: string;
  detail: string;
}

/** The smallest target WCAG 2.2 AA asks for (SC 2.5.8), CSS px each way. */
export const MIN_TARGET_PX = 24;

/** Every layout finding on the screen as it is now (run it once the page's content has arrived). */
export function auditLayout(page: Page): Promise<LayoutFinding[]> {
  return page.evaluate((minTarget) => {
    const findings: LayoutFinding[] = [];
    const round = (n: number) => Math.round(n * 10) / 10;

    /** A readable selector: the nearest named ancestor (id, test id, aria-label, landmark) and the path from it, then the element's text. */
    const selectorOf = (element: Element): string => {
      const part = (e: Element) => {
        const tag = e.tagName.toLowerCase();
        const testId = e.getAttribute('data-testid');
        if (e.id && !/^[:«]|^r[0-9a-z]+$/.test(e.id) && !e.id.includes(':')) return `${tag}#${e.id}`;
        if (testId) return `${tag}[data-testid="${testId}"]`;
        const label = e.getAttribute('aria-label');
        if (label) return `${tag}[aria-label="${label.slice(0, 40)}"]`;
        const chakra = [...e.classList].find((c) => c.startsWith('chakra-'));
        const parent = e.parentElement;
        const index = parent ? [...parent.children].filter((c) => c.tagName === e.tagName).indexOf(e) : -1;
        const nth = parent && parent.querySelectorAll(`:scope > ${tag}`).length > 1 ? `:nth-of-type(${index + 1})` : '';
        return `${tag}${chakra ? `.${chakra}` : ''}${nth}`;
      };
      const parts: string[] = [];
      let e: Element | null = element;
      while (e && e !== document.body && parts.length < 6) {
        parts.unshift(part(e));
        if (/[#[]/.test(parts[0]!) || ['MAIN', 'HEADER', 'NAV', 'ASIDE', 'SECTION', 'DIALOG'].includes(e.tagName)) break;
        e = e.parentElement;
      }
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `${parts.join(' > ')}${text ? ` "${text}"` : ''}`;
    };

    const visible = (e: Element) => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });

    // Page overflow.
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      // The elements reaching furthest right, to say what pushes the page wider.
      const widest = [...document.body.querySelectorAll('*')]
        .filter(visible)
        .map((e) => ({ e, right: e.getBoundingClientRect().right + window.scrollX }))
        .filter(({ right }) => right > root.clientWidth + 0.5)
        .sort((a, b) => b.right - a.right)
        .slice(0, 3)
        .map(({ e, right }) => `${selectorOf(e)} reaches ${round(right)} px`);
      findings.push({ check: 'page overflow', selector: 'html', detail: `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}; ${widest.join('; ')}` });
    }

    // Cards and sideways scrollers.
    for (const card of document.querySelectorAll('.chakra-card__root')) {
      if (!visible(card) || card.scrollWidth <= card.clientWidth) continue;
      findings.push({ check: 'card overflow', selector: selectorOf(card), detail: `scrollWidth ${card.scrollWidth} > clientWidth ${card.clientWidth}` });
    }
    for (const e of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(e);
      if (!['auto', 'scroll'].includes(style.overflowX) || e.scrollWidth <= e.clientWidth || !visible(e)) continue;
      findings.push({ check: 'sideways scroller', selector: selectorOf(e), detail: `scrolls sideways: scrollWidth ${e.scrollWidth} > clientWidth ${e.clientWidth}` });
    }

    // Cut text: every visible text node against the boxes that clip it.
    const clips = (style: CSSStyleDeclaration) => ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
    // The browser shows the nearest title over an element: it must hold the cut text.
    const titled = (from: Element, text: string) => (from.closest('[title]')?.getAttribute('title') ?? '').includes(text);
    const reported = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || !visible(parent) || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'OPTION'].includes(parent.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (!rects.length) continue;
      const drawn = {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
        top: Math.min(...rects.map((r) => r.top)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      };
      for (let box: Element | null = parent; box && box !== document.documentElement; box = box.parentElement) {
        const style = getComputedStyle(box);
        const clamped = style.webkitLineClamp !== 'none' && box.scrollHeight > box.clientHeight + 1;
        const ellipsis = style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 1;
        if (!clips(style) && !clamped && !ellipsis) {
          if (style.position === 'fixed') break;
          continue;
        }
        const r = box.getBoundingClientRect();
        // A visually hidden label (1 px, clipped on purpose for screen readers) is not drawn text.
        if (r.width <= 2 || r.height <= 2 || style.clip !== 'auto' || style.clipPath !== 'none') break;
        const inner = { left: r.left + box.clientLeft, top: r.top + box.clientTop, right: r.left + box.clientLeft + box.clientWidth, bottom: r.top + box.clientTop + box.clientHeight };
        const beyond = Math.max(inner.left - drawn.left, drawn.right - inner.right, inner.top - drawn.top, drawn.bottom - inner.bottom);
        // Scrolled out of view inside a scrolling box is reachable by scrolling, not cut.
        const scrolls = ['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY);
        if ((beyond > 1 || clamped || ellipsis) && !scrolls && !titled(parent, text) && !reported.has(box)) {
          reported.add(box);
          const how = clamped ? `line clamp ${style.webkitLineClamp}: scrollHeight ${box.scrollHeight} > clientHeight ${box.clientHeight}` : ellipsis ? `ellipsis: scrollWidth ${box.scrollWidth} > clientWidth ${box.clientWidth}` : `text drawn ${round(beyond)} px beyond its clipping box (${round(drawn.right - drawn.left)} × ${round(drawn.bottom - drawn.top)} in ${box.clientWidth} × ${box.clientHeight})`;
          findings.push({ check: 'cut text', selector: selectorOf(box), detail: `"${text.slice(0, 60)}": ${how}` });
        }
        if (style.position === 'fixed') break;
      }
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]), textarea')) {
      if (!visible(input) || input.getBoundingClientRect().width <= 2 || input instanceof HTMLTextAreaElement) continue;
      if (input.scrollWidth > input.clientWidth + 1 && input.value) {
        findings.push({ check: 'cut text', selector: selectorOf(input), detail: `value "${input.value.slice(0, 40)}" needs ${input.scrollWidth} px, field shows ${input.clientWidth} px` });
      }
    }

    // Target size.
    const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [role=option], [role=slider], [tabindex]:not([tabindex^="-"])';
    const isInline = (e: Element) => {
      if (getComputedStyle(e).display !== 'inline') return false;
      const siblings = [...(e.parentElement?.childNodes ?? [])].filter((n) => n !== e);
      const inlineText = siblings
        .filter((n) => n.nodeType === Node.TEXT_NODE || (n instanceof Element && getComputedStyle(n).display.startsWith('inline')))
        .map((n) => n.textContent ?? '')
        .join('');
      return /[\p{L}\p{N}]/u.test(inlineText);
    };
    for (const control of document.querySelectorAll(controls)) {
      if (!visible(control) || (control as HTMLButtonElement).disabled || control.closest('[inert], [aria-hidden=true]')) continue;
      let target: Element = control;
      let box = control.getBoundingClientRect();
      // Visually hidden (Chakra's checkbox, radio and switch inputs): the hit area is the label.
      if ((box.width <= 2 || box.height <= 2 || getComputedStyle(control).clip !== 'auto') && control.closest('label')) {
        target = control.closest('label')!;
        box = target.getBoundingClientRect();
      }
      // A link stretched over its card by an absolutely placed ::before (Chakra's LinkOverlay): the
      // pointer hits the pseudo-element, which covers the nearest positioned ancestor.
      const before = getComputedStyle(control, '::before');
      if (before.content !== 'none' && before.position === 'absolute' && getComputedStyle(control).position === 'static') {
        for (let e = control.parentElement; e; e = e.parentElement) {
          if (getComputedStyle(e).position === 'static') continue;
          const covered = e.getBoundingClientRect();
          if (covered.width * covered.height > box.width * box.height) {
            target = e;
            box = covered;
          }
          break;
        }
      }
      // Off screen until focused (the skip link).
      if (box.right <= 0 || box.bottom <= 0 - window.scrollY) continue;
      if (box.width >= minTarget - 0.01 && box.height >= minTarget - 0.01) continue;
      if (isInline(target)) continue;
      findings.push({ check: 'target size', selector: selectorOf(target), detail: `${round(box.width)} × ${round(box.height)} px` });
    }
    return findings;
  }, MIN_TARGET_PX);
}
