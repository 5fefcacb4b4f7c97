/**
 * TOTP secrets under KMS envelope encryption, over the real handlers and DynamoDB Local. KMS is the
 * one thing stood in for (aws-sdk-client-mock), behaving as AWS documents: a fresh data key per
 * GenerateDataKey, and Decrypt only with the encryption context it was issued for.
 */
import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, InvalidCiphertextException, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getUser } from '../../packages/core/src/auth/users-repo.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';

const KEY_ARN = 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const kms = mockClient(KMSClient);
const issued = new Map<string, { plaintext: Buffer; context: string }>();
const contextOf = (c: Record<string, string> | undefined) => JSON.stringify(Object.entries(c ?? {}).sort());

beforeAll(() => {
  kms.on(GenerateDataKeyCommand).callsFake((input: { EncryptionContext?: Record<string, string> }) => {
    const plaintext = randomBytes(32);
    const blob = randomBytes(48);
    issued.set(blob.toString('base64'), { plaintext: Buffer.from(plaintext), context: contextOf(input.EncryptionContext) });
    return { KeyId: KEY_ARN, Plaintext: new Uint8Array(plaintext), CiphertextBlob: new Uint8Array(blob) };
  });
  kms.on(DecryptCommand).callsFake((input: { CiphertextBlob: Uint8Array; EncryptionContext?: Record<string, string> }) => {
    const key = issued.get(Buffer.from(input.CiphertextBlob).toString('base64'));
    if (!key || key.context !== contextOf(input.EncryptionContext)) throw new InvalidCiphertextException({ message: 'invalid ciphertext', $metadata: {} });
    return { KeyId: KEY_ARN, Plaintext: new Uint8Array(key.plaintext) };
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  testClock.reset();
});
afterAll(() => kms.restore());

const codeFor = (secret: string, offsetSteps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function signInWithCode(email: string, token: string) {
  const browser = new Agent();
  expect((await browser.post('/api/login', { username: email, password: PASSWORD })).body).toEqual({ requiresTwoFactor: true });
  return browser.post('/api/2fa/verify', { token, rememberDevice: false });
}

describe('TOTP secrets with a KMS key configured (the cloud)', () => {
  it('seals a new secret under KMS, and signs in with it', async () => {
    vi.stubEnv('TOTP_KMS_KEY_ID', KEY_ARN);
    const { agent, user, email } = await signUpOwner();
    const setup = await agent.post('/api/2fa/setup');
    const secret = setup.body.secret as string;
    expect((await agent.post('/api/2fa/enable', { secret, token: await codeFor(secret, 0) })).status).toBe(200);
    const stored = await getUser(user.accountId, user.id);
    expect(stored?.twoFactorSecret).toMatch(/^v2\./);
    expect(stored?.twoFactorSecret).not.toContain(secret);

    expect((await signInWithCode(email, await codeFor(secret, 1))).status).toBe(200);
  });

  it('opens a secret sealed before KMS and seals it again under KMS at its next right code', async () => {
    vi.stubEnv('TOTP_KMS_KEY_ID', '');
    const { agent, user, email } = await signUpOwner();
    const setup = await agent.post('/api/2fa/setup');
    const secret = setup.body.secret as string;
    expect((await agent.post('/api/2fa/enable', { secret, token: await codeFor(secret, 0) })).status).toBe(200);
    const before = (await getUser(user.accountId, user.id))!.twoFactorSecret!;
    expect(before).toMatch(/^v1\./);

    vi.stubEnv('TOTP_KMS_KEY_ID', KEY_ARN);
    // A wrong code changes nothing.
    expect((await signInWithCode(email, '000000')).status).toBe(401);
    expect((await getUser(user.accountId, user.id))!.twoFactorSecret).toBe(before);

    expect((await signInWithCode(email, await codeFor(secret, 1))).status).toBe(200);
    const after = (await getUser(user.accountId, user.id))!.twoFactorSecret!;
    expect(after).toMatch(/^v2\./);
    // The same secret under KMS: a later code (a minute on) signs in through it.
    testClock.advance(60_000);
    expect((await signInWithCode(email, await codeFor(secret, 2))).status).toBe(200);
  });
});
