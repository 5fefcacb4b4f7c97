import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyMaterial } from '../key-material.ts';

/**
 * Encrypts TOTP secrets at rest with AES-256-GCM, keyed by the deployment's key material
 * (`SECRET_ENCRYPTION_KEY`, or locally a key file under DATA_DIR; see key-material.ts).
 */
const loadKey = keyMaterial;

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', loadKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

export function open(sealed: string): string {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', loadKey(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
