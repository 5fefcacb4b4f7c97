import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { BadRequestError } from './errors.ts';
import { keyMaterial } from './key-material.ts';

/**
 * Opaque, tamper-evident list cursors. A cursor is its position sealed with AES-256-GCM under a key
 * derived (HKDF) from the deployment's key material, with the query's identity (account, user,
 * filters) as authenticated data: nothing in it is readable (a position holds part of a name), and
 * an edited cursor, another user's or tenant's, or one sent with other filters fails to open.
 * `CURSOR_SIGNING_KEY`, when set, is the material instead (functions given no other secret).
 */
let key: Buffer | undefined;

function cursorKey(): Buffer {
  const own = process.env.CURSOR_SIGNING_KEY;
  key ??= Buffer.from(hkdfSync('sha256', own ? Buffer.from(own) : keyMaterial(), Buffer.alloc(0), 'caseload/list-cursor/v1', 32));
  return key;
}

export const INVALID_CURSOR = 'Invalid cursor';
const invalid = () => new BadRequestError(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);

/** The identity a cursor is bound to: every value that decides which items a list reads. */
export const cursorBinding = (parts: Record<string, string | undefined>) => JSON.stringify(Object.entries(parts).sort(([a], [b]) => a.localeCompare(b)));

export function sealCursor(binding: string, position: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cursorKey(), iv);
  cipher.setAAD(Buffer.from(binding, 'utf8'));
  const data = Buffer.concat([cipher.update(position, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** The position sealed in `cursor` for this binding; 400 'Invalid cursor' for anything else. */
export function openCursor(binding: string, cursor: string): string {
  const raw = Buffer.from(cursor, 'base64url');
  if (raw.length < 29 || raw.toString('base64url') !== cursor) throw invalid();
  try {
    const decipher = createDecipheriv('aes-256-gcm', cursorKey(), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw invalid();
  }
}
