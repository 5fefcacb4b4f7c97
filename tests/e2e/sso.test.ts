import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../../packages/local/src/oidc-provider.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiCall, openBrowser, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

/**
 * Single sign-on in Chromium (part 4 §4): the owner sets it up and tests it, then a staff member
 * types their e-mail, continues with the district, signs in on the provider's own page (a real
 * OpenID Connect provider on 127.0.0.1) and lands on the dashboard; the same on a 390 px phone.
 */
let app: RunningApp;
let page: Page;
let idp: TestProvider;

useBrowserApp((env) => ({ app, page } = env));

const domain = `e2e-sso-${crypto.randomUUID().slice(0, 8)}.test`;
const ownerEmail = `owner@${domain}`;
const staffEmail = `sam@${domain}`;
const password = 'Speech-therapy-2026!';

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [`${app.url}/api/sso/callback`] });
  for (const email of [ownerEmail, staffEmail]) idp.accounts.set(email, { email, email_verified: true });
});
afterAll(async () => {
  await idp?.close();
});

/** The provider's development login form: any login it knows, any password. */
async function signInAtProvider(p: Page, login: string) {
  await p.waitForURL(`${idp.issuer}/**`);
  await p.locator('input[name="login"]').fill(login);
  await p.locator('input[name="password"]').fill('anything');
  await p.getByRole('button', { name: 'Sign-in' }).click();
}

/** From the sign-in page: the e-mail first, then 'Continue with' the district. */
async function continueWithDistrict(p: Page, email: string) {
  await p.goto(`${app.url}/auth`);
  await p.getByRole('tab', { name: 'Sign In' }).click();
  const form = p.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  // Leaving the field asks whether the e-mail's district signs in with SSO.
  await form.getByLabel('Password', { exact: true }).focus();
  await form.getByRole('link', { name: 'Continue with Birch District' }).click();
  await signInAtProvider(p, email);
  await p.waitForURL(`${app.url}/`);
  await p.getByRole('heading', { level: 1 }).first().waitFor();
  expect((await apiCall<{ email: string }>(p, app.url, 'GET', '/api/user')).email).toBe(email);
}

/** A browser of its own: the provider remembers who signed in there (the owner's test sign-in). */
async function inFreshBrowser(viewport: { width: number; height: number }, journey: (p: Page) => Promise<void>) {
  const fresh = await openBrowser({ viewport });
  try {
    await journey(fresh.page);
  } finally {
    await fresh.context.close();
    await fresh.browser.close();
  }
}

describe('single sign-on in Chromium', () => {
  it('lets the owner set up single sign-on, shows the redirect URI, and reports a successful test sign-in', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Owner', email: ownerEmail, password });
    await page.getByRole('link', { name: 'Single sign-on' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Single sign-on' }).waitFor();
    expect(await page.getByTestId('redirect-uri').innerText()).toBe(`${app.url}/api/sso/callback`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Issuer').fill(idp.issuer);
    await page.getByLabel('Client ID').fill(idp.clientId);
    await page.getByLabel('Client secret').fill(idp.clientSecret);
    await page.getByLabel('E-mail domains').fill(domain);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.getByText('A secret is stored. Leave this blank to keep it.').waitFor();
    // Judged with the pointer away: a hovered solid button is lighter (as in the other journeys).
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Test sign-in' }).click();
    await signInAtProvider(page, ownerEmail);
    await page.waitForURL(`${app.url}/single-sign-on?test=ok`);
    await page.getByText('Test sign-in succeeded').waitFor();
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    await apiCall(page, app.url, 'POST', '/api/users', { user: { firstName: 'Sam', lastName: 'Staff', email: staffEmail, password, role: 'slp' }, permissions: {} });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
  });

  it('signs a staff member in through the provider: e-mail, Continue with the district, the provider page, the dashboard', async () => {
    await inFreshBrowser({ width: 1280, height: 900 }, async (p) => {
      await continueWithDistrict(p, staffEmail);
      expect(await seriousViolations(p)).toEqual([]);
    });
  });

  it('does the same on a 390 px phone', async () => {
    await inFreshBrowser({ width: 390, height: 844 }, (p) => continueWithDistrict(p, staffEmail));
  });
});
