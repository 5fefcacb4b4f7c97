import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const run = crypto.randomUUID().slice(0, 8);
const owner = { email: `owner-${run}@district.test`, password: 'Speech-therapy-2026!' };
const assistant = { email: `assistant-${run}@district.test`, password: 'Assist-2026-Caseload!' };

const panel = () => page.getByRole('tabpanel');
const dialog = () => page.getByRole('dialog');
const h1 = (name: string) => page.getByRole('heading', { level: 1, name });
/** The first cell of each client row: 'Emma S.ID: 1a2b3c4d'. */
const clientNames = async () => (await page.getByTestId('client-row').locator('td:first-child a').allTextContents()).sort();
const toast = (title: string) => page.locator('[data-scope="toast"][data-part="title"]', { hasText: title });

/** expect.poll with the browser's patience (its default second is short for a first load). */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function noSeriousViolations(where: string) {
  // Checked at rest: no hover tint from the last click, no dialog half faded in.
  await page.mouse.move(0, 0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  expect(await seriousViolations(page), where).toEqual([]);
}

async function goTo(path: string, heading: string) {
  // Through the sidebar, as a user would: the SPA keeps its cache between screens.
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: heading === 'Client Management' ? 'Clients' : heading === 'Organization Management' ? 'Organizations' : heading });
  await link.click();
  await page.waitForURL(`${app.url}${path}`);
  await h1(heading).waitFor();
}

async function fillClient(form: Locator, c: { first: string; initial: string; org?: string; grade?: string; frequency?: string; diagnosis?: string; status?: string }) {
  await form.getByLabel('First Name').fill(c.first);
  await form.getByLabel('Last Initial').fill(c.initial);
  if (c.org) await form.getByLabel('Organization').selectOption({ label: c.org });
  if (c.grade) await form.getByLabel('Grade Level').selectOption({ label: c.grade });
  if (c.frequency !== undefined) await form.getByLabel('Sessions per Week').fill(c.frequency);
  if (c.diagnosis) await form.getByLabel('Diagnosis/Goals Summary').fill(c.diagnosis);
  if (c.status) await form.getByLabel('Status').selectOption({ label: c.status });
}

describe('caseload in Chromium: organizations, clients, users and their limits', () => {
  it('signs up and shows the dashboard', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Speech', email: owner.email, password: owner.password });
    await h1('Dashboard').waitFor();
    await page.getByText('Overview of your SLP practice').waitFor();
    // Nothing was due yet: the completion rate is '–', not 0%.
    await eventually(() => page.getByTestId('stat-value').allTextContents()).toEqual(['0', '0', '0', '–', '0']);
    await page.getByText(/^No sessions due yet/).waitFor();
    await page.getByText('No sessions scheduled for today').waitFor();
    const quickActions = page.getByRole('region', { name: 'Quick Actions' });
    for (const action of ['Add New Client', 'Schedule Session']) await quickActions.getByRole('link', { name: action }).waitFor();
    await quickActions.getByRole('button', { name: 'Create Goal' }).waitFor();
    await noSeriousViolations('dashboard');
  });

  it('adds two organizations', async () => {
    await goTo('/organizations', 'Organization Management');
    await page.getByText('No organizations found').waitFor();
    await noSeriousViolations('organizations, empty');

    await page.getByRole('button', { name: 'Add Your First Organization' }).click();
    await dialog().getByRole('heading', { name: 'Add Organization' }).waitFor();
    expect(await dialog().getByLabel('Type').inputValue()).toBe('school');
    await noSeriousViolations('add organization dialog');
    // Name is required; the schema's message shows without a request.
    await dialog().getByRole('button', { name: 'Add Organization' }).click();
    await dialog().getByText('Organization name is required').waitFor();
    await dialog().getByLabel('Organization Name').fill('Lincoln Elementary');
    await dialog().getByLabel('Address').fill('12 Elm Street');
    await dialog().getByLabel('Phone').fill('555-0100');
    await dialog().getByLabel('Contact Person').fill('Pat Principal');
    await dialog().getByRole('button', { name: 'Add Organization' }).click();
    await toast('Organization added').waitFor();
    await dialog().waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add Organization' }).click();
    await dialog().getByLabel('Organization Name').fill('Oak Clinic');
    await dialog().getByLabel('Type').selectOption({ label: 'Clinic' });
    await dialog().getByRole('button', { name: 'Add Organization' }).click();
    await dialog().waitFor({ state: 'detached' });

    const lincoln = page.getByRole('article', { name: 'Lincoln Elementary' });
    await lincoln.getByText('555-0100').waitFor();
    await lincoln.getByText('Active Clients').waitFor();
    await page.getByRole('article', { name: 'Oak Clinic' }).getByText('Clinic', { exact: true }).waitFor();
    await noSeriousViolations('organizations, two cards');
  });

  it('adds clients through the dialog, with a validation error first', async () => {
    await goTo('/clients', 'Client Management');
    await page.getByText('Get started by adding your first client').waitFor();
    await noSeriousViolations('clients, empty');

    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const add = dialog();
    await add.getByText('Only first name and last initial are stored for HIPAA compliance.', { exact: false }).waitFor();
    await noSeriousViolations('add client dialog');

    // No last initial and eleven sessions a week: the spec's messages, and nothing saved.
    await add.getByLabel('First Name').fill('Emma');
    await add.getByLabel('Sessions per Week').fill('11');
    await add.getByRole('button', { name: 'Add Client' }).click();
    await add.getByText('Last initial is required').waitFor();
    await add.getByText('Must be at most 10').waitFor();
    await noSeriousViolations('add client dialog with errors');

    // Typed lower-case, kept as one upper-case letter.
    await add.getByLabel('Last Initial').pressSequentially('sm');
    expect(await add.getByLabel('Last Initial').inputValue()).toBe('S');
    await fillClient(add, { first: 'Emma', initial: 's', org: 'Lincoln Elementary', grade: '2nd Grade', frequency: '2', diagnosis: 'Articulation disorder' });
    await add.getByRole('button', { name: 'Add Client' }).click();
    await toast('Client added').waitFor();
    await add.waitFor({ state: 'detached' });

    const clients = [
      { first: 'Liam', initial: 't', org: 'Oak Clinic', grade: '11th Grade', frequency: '1', diagnosis: 'Stuttering', status: 'Inactive' },
      { first: 'Noah', initial: 'b', org: 'Lincoln Elementary', grade: 'Pre-K', frequency: '3', diagnosis: 'Expressive language delay' },
    ];
    for (const c of clients) {
      await page.getByRole('button', { name: 'Add Client' }).first().click();
      // The form was reset after the last save.
      expect(await dialog().getByLabel('First Name').inputValue()).toBe('');
      await fillClient(dialog(), c);
      await dialog().getByRole('button', { name: 'Add Client' }).click();
      await dialog().waitFor({ state: 'detached' });
    }
    await page.getByText('3 clients').waitFor();
    expect(await clientNames()).toEqual(['Emma S.', 'Liam T.', 'Noah B.']);
    const emmaRow = page.getByTestId('client-row').filter({ hasText: 'Emma S.' });
    for (const text of ['Lincoln Elementary', '2nd Grade', 'Articulation disorder', '2 times per week', 'Active']) {
      await emmaRow.getByText(text, { exact: true }).waitFor();
    }
    await noSeriousViolations('clients table');
  });

  it('filters and searches', async () => {
    const search = page.getByLabel('Search', { exact: true });
    // The server's name search: a prefix of the first name, or of 'First L'.
    await search.fill('liam t');
    await eventually(clientNames).toEqual(['Liam T.']);
    await page.getByText('1 matching client').waitFor();
    await search.fill('noah');
    await eventually(clientNames).toEqual(['Noah B.']);
    await search.fill('');

    const organization = page.getByLabel('Organization');
    await organization.selectOption({ label: 'Lincoln Elementary' });
    await eventually(clientNames).toEqual(['Emma S.', 'Noah B.']);
    await page.getByLabel('Grade').selectOption({ label: 'Pre-K' });
    await eventually(clientNames).toEqual(['Noah B.']);
    await page.getByLabel('Grade').selectOption({ label: '11th Grade' });
    await page.getByText('Try adjusting your search criteria').waitFor();
    await organization.selectOption({ label: 'All Organizations' });
    await eventually(clientNames).toEqual(['Liam T.']);
    await page.getByLabel('Grade').selectOption({ label: 'All Grades' });
    await page.getByLabel('Status').selectOption({ label: 'Active' });
    await eventually(clientNames).toEqual(['Emma S.', 'Noah B.']);
    await page.getByLabel('Status').selectOption({ label: 'All Statuses' });
    await eventually(clientNames).toEqual(['Emma S.', 'Liam T.', 'Noah B.']);
  });

  it('edits a client', async () => {
    await page.getByTestId('client-row').filter({ hasText: 'Emma S.' }).click();
    const edit = dialog();
    await edit.getByRole('tab', { name: 'Client Information' }).waitFor();
    await edit.getByRole('tab', { name: 'Goals & Progress' }).waitFor();
    expect(await edit.getByLabel('First Name').inputValue()).toBe('Emma');
    await noSeriousViolations('edit client dialog');
    await edit.getByLabel('Sessions per Week').fill('3');
    await edit.getByLabel('Teacher/Classroom').fill('Ms. Rivera, Room 12');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Client updated').waitFor();
    await page.getByText('Client information has been updated successfully.').waitFor();
    await edit.waitFor({ state: 'detached' });
    await page.getByTestId('client-row').filter({ hasText: 'Emma S.' }).getByText('3 times per week').waitFor();

    // A reload reads the change back from the server.
    await page.reload();
    await h1('Client Management').waitFor();
    await page.getByTestId('client-row').filter({ hasText: 'Emma S.' }).getByText('3 times per week').waitFor();
  });

  it('creates a child user limited to one organization, without client creation', async () => {
    await goTo('/users', 'User Management');
    await page.getByRole('heading', { name: 'Team members (0)' }).waitFor();
    await noSeriousViolations('users, empty');

    await page.getByRole('button', { name: 'Add User' }).click();
    const add = dialog();
    await add.getByRole('heading', { name: 'Add User' }).waitFor();
    await add.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('Please fill in all required fields').waitFor();

    await add.getByLabel('First Name').fill('Alex');
    await add.getByLabel('Last Name').fill('Aide');
    await add.getByLabel('Email').fill(assistant.email);
    await add.getByLabel('Password').fill(assistant.password);
    await add.getByLabel('Role').selectOption({ label: 'Assistant' });
    // A new child user's defaults: viewing notes and reports only.
    expect(await add.getByRole('checkbox', { name: 'View reports' }).isChecked()).toBe(true);
    expect(await add.getByRole('checkbox', { name: 'Create clients' }).isChecked()).toBe(false);
    await add.getByText('Edit clients').click();
    await add.getByText('Selected organizations').click();
    await add.getByText('Lincoln Elementary').click();
    await noSeriousViolations('add user dialog');
    await add.getByRole('button', { name: 'Create User' }).click();
    await toast('User created').waitFor();
    await add.waitFor({ state: 'detached' });

    const card = page.getByTestId('user-card').filter({ hasText: 'Alex Aide' });
    await page.getByRole('heading', { name: 'Team members (1)' }).waitFor();
    for (const text of ['Active', assistant.email, 'Assistant']) await card.getByText(text, { exact: true }).waitFor();
    await card.getByText(/Organizations: Lincoln Elementary/).waitFor();
    await card.getByText(/Edit clients/).waitFor();
    await noSeriousViolations('users list');

    // The permission editor is real: it opens with what the user has.
    await page.getByRole('button', { name: 'Edit permissions for Alex Aide' }).click();
    const editor = dialog();
    expect(await editor.getByRole('checkbox', { name: 'Edit clients' }).isChecked()).toBe(true);
    expect(await editor.getByRole('checkbox', { name: 'Lincoln Elementary' }).isChecked()).toBe(true);
    expect(await editor.getByRole('checkbox', { name: 'Oak Clinic' }).isChecked()).toBe(false);
    await noSeriousViolations('permission editor');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
  });

  it('signs in as the child user and sees only what it may', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await panel().getByLabel('Email').fill(assistant.email);
    await panel().getByLabel('Password', { exact: true }).fill(assistant.password);
    await panel().getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${app.url}/`);
    await h1('Dashboard').waitFor();
    // Counters for Lincoln only: Emma and Noah.
    await eventually(async () => (await page.getByTestId('stat-value').allTextContents())[0]).toBe('2');
    expect(await page.getByRole('link', { name: 'Add Client' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add New Client' }).count()).toBe(0);
    await noSeriousViolations('dashboard of the child user');

    await goTo('/clients', 'Client Management');
    await page.getByText('2 clients').waitFor();
    expect(await clientNames()).toEqual(['Emma S.', 'Noah B.']);
    expect(await page.getByRole('button', { name: 'Add Client' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Archive / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Generate progress note/ }).count()).toBe(0);
    // The options fill in when the organizations arrive (the server filters by an organization's id only).
    await eventually(() => page.getByLabel('Organization').locator('option').allTextContents()).toEqual(['All Organizations', 'Lincoln Elementary']);
    await noSeriousViolations('clients of the child user');

    // Granted edit rights: the form is enabled, and offers only Lincoln.
    await page.getByRole('button', { name: 'Edit Noah B.' }).click();
    expect(await dialog().getByLabel('First Name').isEnabled()).toBe(true);
    await eventually(() => dialog().getByLabel('Organization').locator('option').allTextContents()).toEqual(['Lincoln Elementary']);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });

    await goTo('/organizations', 'Organization Management');
    await page.getByRole('article', { name: 'Lincoln Elementary' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Add Organization' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit |^Archive / }).count()).toBe(0);
    await page.getByRole('button', { name: 'View Details for Lincoln Elementary' }).click();
    await dialog().getByText('Pat Principal').waitFor();
    await noSeriousViolations('organization details of the child user');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    // The sidebar offers only what the child may use; a typed address still says why the page is closed.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User Management' }).count()).toBe(0);
    await page.goto(`${app.url}/users`);
    await h1('User Management').waitFor();
    await page.getByText("You don't have permission to manage users.").waitFor();
    await noSeriousViolations('users page without the permission');
  });
});
