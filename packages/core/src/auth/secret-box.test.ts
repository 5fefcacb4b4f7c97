import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, InvalidCiphertextException, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { open, seal, sealedBeforeKms, TOTP_KMS_PURPOSE } from './secret-box.ts';

/**
 * KMS stands in as AWS documents it: GenerateDataKey hands out a fresh key and its ciphertext,
 * Decrypt gives the key back only for the same encryption context. Everything else is the real code.
 */
const KEY_ARN = 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const kms = mockClient(KMSClient);
let issued: Map<string, { plaintext: Buffer; context: string }>;

const contextOf = (c: Record<string, string> | undefined) => JSON.stringify(Object.entries(c ?? {}).sort());

beforeEach(() => {
  issued = new Map();
  kms.reset();
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
});

const alice = { accountId: 'acct-1', userId: 'user-1' };
const bob = { accountId: 'acct-1', userId: 'user-2' };
const SECRET = 'JBSWY3DPEHPK3PXP';

describe('TOTP secret sealing without a KMS key (local runtime, tests)', () => {
  beforeEach(() => vi.stubEnv('TOTP_KMS_KEY_ID', ''));

  it('seals under the deployment key (v1) and never calls KMS', async () => {
    const sealed = await seal(SECRET, alice);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(SECRET);
    expect(await open(sealed, alice)).toBe(SECRET);
    expect(kms.calls()).toHaveLength(0);
    expect(sealedBeforeKms(sealed)).toBe(false);
  });
});

describe('TOTP secret sealing with a KMS key (the cloud)', () => {
  beforeEach(() => vi.stubEnv('TOTP_KMS_KEY_ID', KEY_ARN));

  it('seals each secret under its own data key (v2), asked of KMS with the purpose and owner as context', async () => {
    const first = await seal(SECRET, alice);
    const second = await seal(SECRET, alice);
    expect(first).toMatch(/^v2\./);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    const requests = kms.commandCalls(GenerateDataKeyCommand).map((c) => c.args[0].input);
    expect(requests).toHaveLength(2);
    for (const input of requests) {
      expect(input).toEqual({ KeyId: KEY_ARN, KeySpec: 'AES_256', EncryptionContext: { purpose: TOTP_KMS_PURPOSE, accountId: 'acct-1', userId: 'user-1' } });
    }
    // Only the encrypted data key is stored: neither the secret nor the plaintext key.
    for (const { plaintext } of issued.values()) {
      expect(first).not.toContain(plaintext.toString('base64'));
      expect(second).not.toContain(plaintext.toString('base64'));
    }
    expect(first).not.toContain(SECRET);
    expect(await open(first, alice)).toBe(SECRET);
    expect(await open(second, alice)).toBe(SECRET);
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input).toMatchObject({ KeyId: KEY_ARN, EncryptionContext: { purpose: TOTP_KMS_PURPOSE, userId: 'user-1' } });
  });

  it("refuses a sealed secret copied onto another user (KMS refuses the other owner's context)", async () => {
    const sealed = await seal(SECRET, alice);
    await expect(open(sealed, bob)).rejects.toThrow(InvalidCiphertextException);
  });

  it('refuses a tampered secret', async () => {
    const sealed = await seal(SECRET, alice);
    const parts = sealed.split('.');
    const data = Buffer.from(parts[4]!, 'base64');
    data[0] = data[0]! ^ 1;
    parts[4] = data.toString('base64');
    await expect(open(parts.join('.'), alice)).rejects.toThrow();
    await expect(open('v3.a.b.c', alice)).rejects.toThrow('Unreadable sealed secret');
    await expect(open('v2.a.b.c', alice)).rejects.toThrow('Unreadable sealed secret');
  });

  it('still opens secrets sealed under the deployment key before KMS, and marks them for sealing again', async () => {
    vi.stubEnv('TOTP_KMS_KEY_ID', '');
    const before = await seal(SECRET, alice);
    vi.stubEnv('TOTP_KMS_KEY_ID', KEY_ARN);
    expect(await open(before, alice)).toBe(SECRET);
    expect(sealedBeforeKms(before)).toBe(true);
    expect(kms.calls()).toHaveLength(0);
    const after = await seal(await open(before, alice), alice);
    expect(sealedBeforeKms(after)).toBe(false);
    expect(await open(after, alice)).toBe(SECRET);
  });
});
