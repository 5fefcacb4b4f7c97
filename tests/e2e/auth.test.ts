import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { e2eNow } from '../support/e2e-clock.ts';
import { signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const email = `e2e-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';

const panel = () => page.getByRole('tabpanel');

async function signIn(pw = password) {
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await panel().getByLabel('Email').fill(email);
  await panel().getByLabel('Password', { exact: true }).fill(pw);
  await panel().getByRole('button', { name: 'Sign In' }).click();
}

async function signOut() {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/auth');
}

describe('sign-in, two-factor and trusted devices in Chromium', () => {
  it('sends a visitor to /auth and shows the 404 page for unknown paths', async () => {
    await page.goto(`${app.url}/clients`);
    await page.waitForURL('**/auth');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('signs up, signs out, fails a login, and signs in', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Speech', email, password });
    await expect.poll(() => page.getByText('Robin Speech').first().isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${app.url}/no-such-screen`);
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();

    await page.goto(`${app.url}/`);
    await signOut();
    await signIn('Wrong-password-99!');
    await page.getByText('Login Failed').waitFor();
    await page.getByText(/1 failed attempts\. 9 remaining before lockout\./).first().waitFor();
    await signIn();
    await page.waitForURL(`${app.url}/`);
  });

  it('enables 2FA with a code from the manual key, then signs in with the code and remembers the device', async () => {
    await page.goto(`${app.url}/security`);
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    const key = (await page.getByTestId('manual-key').innerText()).replace(/\s+/g, '');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Verification code').fill(await generate({ secret: key, epoch: Math.floor(e2eNow().getTime() / 1000) }));
    await page.getByRole('button', { name: 'Verify & Enable' }).click();
    await page.getByText('Two-factor authentication has been enabled.').first().waitFor();
    await page.getByText('No trusted devices found.').waitFor();

    await signOut();
    await signIn();
    await page.getByRole('dialog').waitFor();
    const verify = page.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);
    // A fresh code: the one used to enable is refused as a replay within its time step.
    await page.getByLabel('Verification code').fill(await generate({ secret: key, epoch: Math.floor(e2eNow().getTime() / 1000) + 30 }));
    await page.getByText('Remember this device for 2 weeks').click();
    await verify.click();
    await page.getByText('Login successful').first().waitFor();
    await page.waitForURL(`${app.url}/`);

    await signOut();
    await signIn();
    await page.waitForURL(`${app.url}/`);
    await page.goto(`${app.url}/security`);
    await page.getByRole('button', { name: /^Remove / }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
