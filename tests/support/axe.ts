import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA: the A and AA rules of 2.0, 2.1 and 2.2 (target size, among others, is 2.2 only). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** A phone in portrait: every screen is checked at this width as well as the page's own. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

type AxeRun = (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; html: string }[] }[] }>;

/** How often a screen that keeps changing under axe is judged again before its last result is taken. */
const MAX_AXE_RUNS = 5;

/** The axe impacts a violation may have, from the least to the most severe. */
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
type Impact = (typeof IMPACTS)[number];

/** The WCAG 2.2 AA violations of at least `least` impact on the current screen at its current size: rule, selector and the element's opening HTML. */
async function violationsAtThisSize(page: Page, least: Impact = 'serious'): Promise<string[]> {
  let found: string[] = [];
  for (let run = 0; run < MAX_AXE_RUNS; run++) {
    const result = await settledAxeRun(page, least);
    found = result.violations;
    if (!result.changedDuringRun) return found;
  }
  return found;
}

/**
 * In one call into the page: settle the screen, run axe, and say whether it changed meanwhile.
 * A dialog still fading in has half-transparent text, and a toggle turning solid blue passes through
 * light blue, which axe reads as low contrast. So the listeners for starting transitions and
 * animations go in first; then the running ones are awaited, and the wait repeats until two frames
 * pass with nothing new started (a transition caused by a change is created at the next style
 * update). Only then does axe judge the screen. Waiting and listening in separate calls left a gap
 * in which a transition could start unseen (the dashboard's scope toggle, under load).
 */
async function settledAxeRun(page: Page, least: Impact): Promise<{ violations: string[]; changedDuringRun: boolean }> {
  const { violations, changedDuringRun } = await page.evaluate(
    async ({ tags, maxSettleRounds, maxSettleMs }) => {
      // How many transitions and animations have started since the listeners went in.
      let started = 0;
      const mark = () => {
        started++;
      };
      const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // Only a running, finite animation ever finishes: a paused one would be waited on for good.
      const finiteAnimationsFinished = () =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        );
      // A bound, not a wait: the screen is judged as it is if its animations outlast it.
      const settleDeadline = performance.now() + maxSettleMs;
      const beforeDeadline = <T,>(work: Promise<T>) =>
        Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, settleDeadline - performance.now())))]);
      document.addEventListener('transitionrun', mark, true);
      document.addEventListener('animationstart', mark, true);
      try {
        for (let round = 0; round < maxSettleRounds && performance.now() < settleDeadline; round++) {
          const before = started;
          await beforeDeadline(finiteAnimationsFinished());
          await twoFrames();
          if (started === before) break;
        }
        const beforeRun = started;
        const result = await (window as unknown as { axe: { run: AxeRun } }).axe.run(document, {
          resultTypes: ['violations'],
          runOnly: { type: 'tag', values: tags },
          // The app's screens hold no frames; without this axe waits up to a minute for an answer from any frame.
          iframes: false,
        });
        await twoFrames();
        return {
          changedDuringRun: started !== beforeRun,
          violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`) })),
        };
      } finally {
        document.removeEventListener('transitionrun', mark, true);
        document.removeEventListener('animationstart', mark, true);
      }
    },
    { tags: [...WCAG_TAGS], maxSettleRounds: 20, maxSettleMs: 10_000 },
  );
  return {
    changedDuringRun,
    violations: violations.filter((v) => IMPACTS.indexOf(v.impact as Impact) >= IMPACTS.indexOf(least)).map((v) => `${v.impact} ${v.id}: ${v.targets.join(', ')}`),
  };
}

/**
 * Runs axe-core (WCAG 2.2 AA tags) on the current screen at the page's width and again at 390 px
 * (then restores the size); each violation says at which width it was found.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const size = page.viewportSize();
  const found = (await violationsAtThisSize(page)).map((v) => `${size?.width ?? '?'} px: ${v}`);
  if (size && size.width !== PHONE_VIEWPORT.width) {
    await page.setViewportSize(PHONE_VIEWPORT);
    try {
      await settleLayout(page);
      found.push(...(await violationsAtThisSize(page)).map((v) => `${PHONE_VIEWPORT.width} px: ${v}`));
    } finally {
      await page.setViewportSize(size);
      await settleLayout(page);
    }
  }
  return found;
}

/**
 * Every WCAG 2.2 AA violation axe finds on the current screen at the page's current width, whatever
 * its impact (minor and moderate included): for a journey that visits each width itself.
 */
export async function everyViolation(page: Page): Promise<string[]> {
  await injectAxe(page);
  return violationsAtThisSize(page, 'minor');
}

/** Injected through the DevTools protocol: the page's own CSP (script-src 'self') stays in force. */
async function injectAxe(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
}

/** Two animation frames: React has re-rendered for the new width's media queries and the browser has laid it out. */
const settleLayout = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
