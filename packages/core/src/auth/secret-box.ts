import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KMSClient } from '@aws-sdk/client-kms';
import { keyMaterial } from '../key-material.ts';

/**
 * Encrypts TOTP secrets at rest with AES-256-GCM. Two sealed formats, told apart by their prefix,
 * so a secret sealed by any earlier version still opens:
 *
 * - `v1.<iv>.<tag>.<data>`: keyed by the deployment's key material (`SECRET_ENCRYPTION_KEY`, or
 *   locally a key file under DATA_DIR; see key-material.ts). What the local runtime and the tests
 *   write, and what the cloud wrote before KMS envelope encryption.
 * - `v2.<encrypted data key>.<iv>.<tag>.<data>`: envelope encryption, written whenever
 *   `TOTP_KMS_KEY_ID` names a KMS key (the stack sets it). Each secret gets its own data key from
 *   kms:GenerateDataKey, kept beside it encrypted under the KMS key and bound (encryption context)
 *   to its owner, so KMS's audit trail shows whose secret was opened and a sealed secret copied
 *   onto another user does not open. AWS rotates the KMS key's material yearly and keeps the old
 *   material for decryption: rotation loses nothing, and no key ever leaves KMS unencrypted.
 */
export interface SecretOwner {
  accountId: string;
  userId: string;
}

const V1 = 'v1';
const V2 = 'v2';
/** Every data key request names this purpose; the stack's IAM statement requires it. */
export const TOTP_KMS_PURPOSE = 'caseload/totp-secret';

const kmsKeyId = () => process.env.TOTP_KMS_KEY_ID || undefined;
const encryptionContext = (owner: SecretOwner) => ({ purpose: TOTP_KMS_PURPOSE, accountId: owner.accountId, userId: owner.userId });

let kms: Promise<{ client: KMSClient; sdk: typeof import('@aws-sdk/client-kms') }> | undefined;
/** Loaded on first use: the local runtime and the tests never reach KMS. */
function kmsClient() {
  kms ??= import('@aws-sdk/client-kms').then((sdk) => ({ client: new sdk.KMSClient({}), sdk }));
  return kms;
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

function encrypt(key: Uint8Array, plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [b64(iv), b64(cipher.getAuthTag()), b64(data)];
}

function decrypt(key: Uint8Array, iv: string, tag: string, data: string) {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

export async function seal(plain: string, owner: SecretOwner): Promise<string> {
  const keyId = kmsKeyId();
  if (!keyId) return [V1, ...encrypt(keyMaterial(), plain)].join('.');
  const { client, sdk } = await kmsClient();
  const dataKey = await client.send(new sdk.GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: encryptionContext(owner) }));
  if (!dataKey.Plaintext || !dataKey.CiphertextBlob) throw new Error('KMS returned no data key');
  try {
    return [V2, b64(dataKey.CiphertextBlob), ...encrypt(dataKey.Plaintext, plain)].join('.');
  } finally {
    dataKey.Plaintext.fill(0);
  }
}

export async function open(sealed: string, owner: SecretOwner): Promise<string> {
  const parts = sealed.split('.');
  if (parts[0] === V1 && parts.length === 4 && parts.every(Boolean)) {
    const [, iv, tag, data] = parts as [string, string, string, string];
    return decrypt(keyMaterial(), iv, tag, data);
  }
  if (parts[0] === V2 && parts.length === 5 && parts.every(Boolean)) {
    const [, encryptedKey, iv, tag, data] = parts as [string, string, string, string, string];
    const { client, sdk } = await kmsClient();
    const dataKey = await client.send(
      new sdk.DecryptCommand({ CiphertextBlob: Buffer.from(encryptedKey, 'base64'), KeyId: kmsKeyId(), EncryptionContext: encryptionContext(owner) }),
    );
    if (!dataKey.Plaintext) throw new Error('KMS returned no data key');
    try {
      return decrypt(dataKey.Plaintext, iv, tag, data);
    } finally {
      dataKey.Plaintext.fill(0);
    }
  }
  throw new Error('Unreadable sealed secret');
}

/**
 * A secret sealed under the deployment key while a KMS key is configured: sealed before envelope
 * encryption, so it is sealed again under KMS at its next use (two-factor.ts). Once none is left,
 * the deployment key is needed by nothing.
 */
export const sealedBeforeKms = (sealed: string) => kmsKeyId() !== undefined && sealed.startsWith(`${V1}.`);
