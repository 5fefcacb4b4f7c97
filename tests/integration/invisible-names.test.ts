/**
 * Issue 26: names (clients, users, organizations, the account, templates...) refuse bidi controls
 * and other invisible format characters, so no name displays differently from what it is; names
 * in every script, ZWNJ/ZWJ between letters included, are still accepted.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invisibleCharactersMessage } from '../../packages/contract/src/common.ts';
import { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { putOrganization } from '../support/records.ts';

const messages = (body: { errors?: { message: string }[] }) => (body.errors ?? []).map((e) => e.message);
const RLO = '\u202e';

describe('invisible characters in names', () => {
  it('refuses them in client, user, organization, account and template names, storing nothing', async () => {
    const { agent: owner, user } = await signUpOwner();
    const accountId = user.accountId as string;
    const school = await putOrganization(accountId, 'Alder Elementary');
    const before = await fingerprint(accountId);

    const client = await owner.post('/api/clients', { firstName: `Ava${RLO}gnidrocer`, lastInitial: 'M', organizationId: school.id });
    expect(client.status).toBe(400);
    expect(messages(client.body)).toContain(invisibleCharactersMessage('First name'));

    const staff = await owner.post('/api/users', {
      user: { firstName: 'Sam', lastName: 'Lee\u200b', email: `sam-${randomUUID()}@district.test`, password: PASSWORD, role: 'slp' },
    });
    expect(staff.status).toBe(400);
    expect(messages(staff.body)).toContain(invisibleCharactersMessage('Last name'));

    const org = await owner.post('/api/organizations', { name: 'Birch \u2066Middle\u2069' });
    expect(org.status).toBe(400);
    expect(messages(org.body)).toContain(invisibleCharactersMessage('Organization name'));

    const account = await owner.put('/api/account', { name: 'Maple\u200eDistrict', timeZone: 'America/New_York' });
    expect(account.status).toBe(400);
    expect(messages(account.body)).toContain(invisibleCharactersMessage('Account name'));

    const template = await owner.post('/api/goal-bank', { name: 'Fluency\u2060Goal', type: 'fluency', description: 'd', targetCriteria: 't' });
    expect(template.status).toBe(400);
    expect(messages(template.body)).toContain(invisibleCharactersMessage('Template name'));

    expect(await fingerprint(accountId)).toBe(before);
  }, 60_000);

  it('refuses them at sign-up (first name, last name, organization name)', async () => {
    const res = await new Agent().post('/api/register', {
      email: `x-${randomUUID()}@district.test`,
      password: PASSWORD,
      firstName: 'Ann\u061c',
      lastName: 'Lee',
      accountName: 'Maple\ufeffDistrict',
      role: 'slp',
    });
    expect(res.status).toBe(400);
    expect(messages(res.body)).toEqual(expect.arrayContaining([invisibleCharactersMessage('First name'), invisibleCharactersMessage('Organization name')]));
  }, 30_000);

  it('still accepts names in every script, with ZWNJ and ZWJ between letters', async () => {
    const { agent: owner, user } = await signUpOwner({ firstName: 'علی‌رضا', lastName: 'Nguyễn', accountName: 'Distrito Escolar Año' });
    const school = await putOrganization(user.accountId as string, 'Alder Elementary');
    for (const firstName of ['ශ්‍රී', 'क्‍षमा', 'مریم', 'שרה', '김민준', '王小明', 'Ольга', 'Zoë', "D'Andre"]) {
      const res = await owner.post('/api/clients', { firstName, lastInitial: 'K', organizationId: school.id });
      expect(res.status, firstName).toBe(201);
      expect(res.body.firstName).toBe(firstName);
    }
    const org = await owner.post('/api/organizations', { name: 'مدرسه‌ی نیک‌نام' });
    expect(org.status).toBe(201);
  }, 60_000);
});
