/**
 * Issue 34's acceptance journey: every page of the SPA's router over the demo district, at a
 * laptop's 1280 px and a phone's 390 px, as the demo's SLP and (for the pages only they see) its
 * owner, and the family's page of a shared report. On each page, once its content has arrived:
 *
 * - the page does not scroll sideways and no card is wider inside than its box; no element scrolls
 *   sideways (a table wider than its card hides columns until the reader scrolls);
 * - no text is cut by its box (clipped, an ellipsis, a line clamp) unless a `title` carries it whole;
 * - no console error and no uncaught page error since the page was opened;
 * - every standalone control is at least 24 × 24 px (WCAG 2.2 SC 2.5.8; links inside a sentence are exempt);
 * - axe-core finds no WCAG 2.2 AA violation, whatever its impact.
 *
 * The measurements are tests/support/layout-audit.ts's; a failure lists page, width, check,
 * selector and the figures measured. The district is packages/local/src/demo-data.ts's, seeded
 * through the API as `npm run demo` does, with five weeks of sessions instead of sixteen (the same
 * students, goals, IEPs, users and notes; the sessions are what take the time).
 */
import { subWeeks } from 'date-fns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHILDREN, DEMO_OWNER, seedDemo } from '../../packages/local/src/demo-data.ts';
import { HttpClient } from '../../packages/local/src/http-client.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { everyViolation } from '../support/axe.ts';
import { e2eNow } from '../support/e2e-clock.ts';
import { openBrowser, signInInBrowser, startE2eApp } from '../support/e2e.ts';
import { auditLayout } from '../support/layout-audit.ts';

const WIDTHS = [1280, 390] as const;
const HEIGHT = { 1280: 900, 390: 844 } as const;
const SLP = DEMO_CHILDREN.find((c) => c.role === 'slp')!;

let app: RunningApp;

/** What the journey looks up once through the API: the pages with an id in their address. */
interface DemoFacts {
  client: { id: string; name: string };
  sessionId: string;
  share: { url: string; code: string };
}
let facts: DemoFacts;

beforeAll(async () => {
  app = await startE2eApp();
  await seedDemo(app.url, () => undefined, { weeksOfSessions: 5 });
  facts = await lookUpFacts();
  // A hang guard for the seeding (about 2,000 API calls), not a speed check.
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

/** A signed-in (or not yet) browser at one width, with every console error and page error collected. */
interface Visitor {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function openVisitor(width: (typeof WIDTHS)[number]): Promise<Visitor> {
  // The service worker is allowed: the product registers it on every page load, and blocked, its
  // registration fails with a console error that no real visit has.
  const { browser, context, page } = await openBrowser({ viewport: { width, height: HEIGHT[width] }, serviceWorkers: 'allow' });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return { browser, context, page, errors };
}

async function closeVisitor(visitor: Visitor | undefined) {
  await visitor?.context.close();
  await visitor?.browser.close();
}

/** Nothing on the screen says it is still loading: no busy region, skeleton or spinner. */
async function contentArrived(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .chakra-skeleton, .chakra-spinner'));
}

/** One page of the journey: how to open it and the content that says it has arrived. */
interface Visit {
  name: string;
  open: (page: Page) => Promise<void>;
}

const goTo = (path: () => string, arrived: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.goto(`${app.url}${path()}`);
  await arrived(page);
  await contentArrived(page);
};
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
const main = (page: Page) => page.getByRole('main');

/** Everything found on the screen as it is now, one line each: check, selector and figures. */
async function findings(visitor: Visitor, name: string, width: number): Promise<string[]> {
  // Judged at rest: the pointer off any control it last clicked (a hovered control is drawn differently).
  await visitor.page.mouse.move(0, 0);
  const layout = (await auditLayout(visitor.page)).map((f) => `${f.check}: ${f.selector} — ${f.detail}`);
  const axe = (await everyViolation(visitor.page)).map((v) => `axe ${v}`);
  return [...layout, ...axe, ...visitor.errors].map((line) => `${name} at ${width} px: ${line}`);
}

/** The first findings, one a line, and how many more: enough to say what to fix without burying it. */
function summary(found: string[]): string {
  const SHOWN = 8;
  return [...found.slice(0, SHOWN), ...(found.length > SHOWN ? [`… and ${found.length - SHOWN} more`] : [])].join('\n');
}

/** Opens each page in turn in the visitor's page and checks it; each page is a test of its own. */
function visitEach(visitor: () => Visitor, width: number, visits: Visit[]) {
  for (const visit of visits) {
    it(visit.name, async () => {
      const v = visitor();
      v.errors.length = 0;
      await visit.open(v.page);
      const found = await findings(v, visit.name, width);
      expect(found, summary(found)).toEqual([]);
    });
  }
}

const slpPages: Visit[] = [
  { name: 'Dashboard', open: goTo(() => '/', (p) => main(p).getByRole('heading', { name: "Today's Sessions" }).waitFor()) },
  { name: 'Goals at risk', open: goTo(() => '/goals-at-risk', (p) => main(p).getByRole('list').getByRole('link').first().waitFor()) },
  { name: 'Clients', open: goTo(() => '/clients', (p) => main(p).getByText(facts.client.name).first().waitFor()) },
  {
    name: "A client's page",
    open: goTo(
      () => `/clients/${facts.client.id}`,
      async (p) => {
        await h1(p, facts.client.name);
        await main(p).getByRole('region', { name: 'Goals' }).getByRole('heading', { level: 3 }).first().waitFor();
      },
    ),
  },
  // The calendar's heading (the week, or on a phone the day: a weekend day has no session), then its 'Loading sessions' spinner gone.
  { name: 'Sessions (calendar)', open: goTo(() => '/sessions', (p) => p.getByRole('region', { name: 'Calendar' }).getByRole('heading', { level: 2 }).waitFor()) },
  { name: "A session's page", open: goTo(() => `/sessions/${facts.sessionId}`, (p) => h1(p, /./)) },
  { name: 'Minutes', open: goTo(() => '/minutes', (p) => main(p).getByText(facts.client.name).first().waitFor()) },
  { name: 'Reports', open: goTo(() => '/reports', (p) => main(p).getByTestId('client-progress').first().waitFor()) },
  {
    name: 'Reports with charts',
    open: async (p) => {
      const first = main(p).getByTestId('client-progress').first();
      await first.getByRole('button', { name: 'Show charts' }).click();
      await first.getByRole('figure').first().waitFor();
      await contentArrived(p);
    },
  },
  { name: 'Service log', open: goTo(() => '/service-log', (p) => main(p).getByTestId('service-log-line').first().waitFor()) },
  { name: 'Progress notes', open: goTo(() => '/progress-notes', (p) => main(p).getByRole('button', { name: 'View Full Note' }).first().waitFor()) },
  { name: 'Organizations', open: goTo(() => '/organizations', (p) => main(p).getByText('Maple Elementary School').first().waitFor()) },
  { name: 'Security settings', open: goTo(() => '/security', (p) => h1(p, 'Security Settings')) },
  {
    name: 'Notifications (bell open)',
    open: async (p) => {
      await p.getByRole('button', { name: /^Notifications/ }).click();
      await p.getByRole('region', { name: 'Notifications and recent activity' }).waitFor();
      await contentArrived(p);
    },
  },
];

const ownerPages: Visit[] = [
  { name: 'Dashboard (owner)', open: goTo(() => '/', (p) => main(p).getByRole('heading', { name: "Today's Sessions" }).waitFor()) },
  { name: 'User Management', open: goTo(() => '/users', (p) => main(p).getByText('Sam Rivera').first().waitFor()) },
  { name: 'School Calendar', open: goTo(() => '/school-calendar', (p) => main(p).getByRole('heading', { name: 'Reporting periods' }).waitFor()) },
  { name: 'Roster import', open: goTo(() => '/roster-import', (p) => h1(p, /Roster import/i)) },
  { name: 'Single sign-on', open: goTo(() => '/single-sign-on', (p) => h1(p, /Single sign-on/i)) },
  { name: 'Security settings (owner: account export, import, deletion)', open: goTo(() => '/security', (p) => h1(p, 'Security Settings')) },
  { name: 'Service log (every provider)', open: goTo(() => '/service-log', (p) => main(p).getByTestId('service-log-line').first().waitFor()) },
  { name: 'Not found', open: goTo(() => '/no-such-page', (p) => h1(p, '404 Page Not Found')) },
  {
    name: "The family's page, before the code",
    open: async (p) => {
      await p.goto(facts.share.url);
      await h1(p, 'Enter your code');
    },
  },
  {
    name: "The family's report",
    open: async (p) => {
      await p.getByLabel('Code').fill(facts.share.code);
      await p.getByRole('button', { name: 'Open the report' }).click();
      await h1(p, 'Progress Report');
      await p.getByTestId('goal-chart-drawing').first().waitFor();
      await contentArrived(p);
    },
  },
];

/** The ids behind the addresses, read through the API as the owner; and a note shared with the family, as a clinician shares it. */
async function lookUpFacts(): Promise<DemoFacts> {
  const owner = new HttpClient(app.url);
  await owner.ok('POST', '/api/login', { username: DEMO_OWNER.email, password: DEMO_OWNER.password });
  const users = await owner.ok<{ id: string; email: string }[]>('GET', '/api/users');
  const slpId = users.find((u) => u.email === SLP.email)!.id;
  const caseload = await owner.ok<{ id: string; firstName: string; lastInitial: string }[]>('GET', `/api/clients?assignedTo=${slpId}`);
  const client = caseload[0]!;
  // The SLP's latest completed session (last week's at the latest): documented, with notes and trials.
  const to = e2eNow();
  const from = subWeeks(to, 5);
  const sessions = await owner.ok<{ id: string; status: string; scheduledAt: string }[]>('GET', `/api/sessions?providerId=${slpId}&from=${from.toISOString()}&to=${to.toISOString()}`);
  const completed = sessions.filter((s) => s.status === 'completed').sort((a, b) => b.scheduledAt.localeCompare(a.scheduledAt));
  const [note] = await owner.ok<{ id: string }[]>('GET', '/api/progress-notes');
  await owner.ok('PATCH', `/api/progress-notes/${note!.id}`, { status: 'delivered' });
  const share = await owner.ok<{ url: string; code: string }>('POST', `/api/progress-notes/${note!.id}/shares`, {});
  return { client: { id: client.id, name: `${client.firstName} ${client.lastInitial}.` }, sessionId: completed[0]!.id, share };
}

for (const width of WIDTHS) {
  describe(`the demo district at ${width} px`, () => {
    describe('as its SLP', () => {
      let visitor: Visitor;
      let signInPage: string[] = [];
      beforeAll(async () => {
        visitor = await openVisitor(width);
        // The sign-in page is judged as a visitor first sees it, then the SLP signs in on it.
        await visitor.page.goto(`${app.url}/auth`);
        await visitor.page.getByRole('tab', { name: 'Sign In' }).waitFor();
        signInPage = await findings(visitor, 'Sign in', width);
        await signInInBrowser(visitor.page, app.url, SLP.email, SLP.password);
      });
      afterAll(() => closeVisitor(visitor));

      it('Sign in', () => {
        expect(signInPage, summary(signInPage)).toEqual([]);
      });
      visitEach(() => visitor, width, slpPages);
    });

    describe('as its owner', () => {
      let visitor: Visitor;
      beforeAll(async () => {
        visitor = await openVisitor(width);
        await signInInBrowser(visitor.page, app.url, DEMO_OWNER.email, DEMO_OWNER.password);
      });
      afterAll(() => closeVisitor(visitor));
      visitEach(() => visitor, width, ownerPages);
    });
  });
}
