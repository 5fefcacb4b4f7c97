import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** The id port: random UUIDs for records, 128-bit tokens for cookies (stored only as hashes). */
export const newId = () => randomUUID();
export const newToken = () => randomBytes(16).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
