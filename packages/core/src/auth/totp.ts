import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ScureBase32Plugin, TOTP, type CryptoPlugin } from 'otplib';

/**
 * otplib's TOTP over node:crypto. otplib's functions default to a pure-JavaScript crypto plugin
 * (@noble/hashes, 13 KiB of every 2FA bundle); Node has the same primitives built in.
 */
const nodeCrypto: CryptoPlugin = {
  name: 'node',
  // Codes and URIs use SHA-1 (authenticator apps' default); otplib refuses any other before calling hmac.
  algorithms: ['sha1'],
  hmac: (algorithm, key, data) => createHmac(algorithm, key).update(data).digest(),
  randomBytes: (length) => randomBytes(length),
  constantTimeEqual: (a, b) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  },
};

export const totp = new TOTP({ crypto: nodeCrypto, base32: new ScureBase32Plugin() });
