import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encrypts TOTP secrets at rest with AES-256-GCM. The key comes from `SECRET_ENCRYPTION_KEY`
 * (in the cloud: a value the stack keeps in KMS-encrypted configuration), or locally from a key
 * file created once under DATA_DIR; tests get a per-process key.
 */
let key: Buffer | undefined;

function loadKey(): Buffer {
  if (key) return key;
  const fromEnv = process.env.SECRET_ENCRYPTION_KEY;
  if (fromEnv) return (key = createHash('sha256').update(fromEnv).digest());
  const dir = process.env.DATA_DIR;
  if (dir) {
    const file = join(dir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    }
    return (key = Buffer.from(readFileSync(file, 'utf8'), 'base64'));
  }
  return (key = randomBytes(32));
}

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
