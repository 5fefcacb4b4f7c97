import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { BadRequestError, UnauthorizedError } from '../errors.ts';
import { qrCodeDataUrl } from './qr-code.ts';
import { seal } from './secret-box.ts';
import { totp } from './totp.ts';
import { assertPassword, checkCurrentCode } from './two-factor.ts';
import { getUser, updateUser, type UserItem } from './users-repo.ts';

// Setup has its own module so the QR encoder is bundled only with the setup route.

/**
 * Starts setup: a new pending secret and its QR code. While 2FA is on this replaces the secret, so
 * it needs the current password (counted on the re-authentication limit) or a current code (counted by the
 * code limits), not only the session cookie.
 */
export async function setupTwoFactor(auth: AuthContext, proof: { password?: string; token?: string }) {
  const user = await getUser(auth.accountId, auth.userId);
  if (!user) throw new UnauthorizedError();
  if (user.twoFactorEnabled) await assertReKeyProof(user, proof);
  const secret = totp.generateSecret();
  await updateUser(auth.accountId, auth.userId, { twoFactorPendingSecret: await seal(secret, { accountId: auth.accountId, userId: auth.userId }), updatedAt: nowIso() });
  const uri = totp.toURI({ issuer: 'Caseload', label: user.email, secret });
  const qrCode = qrCodeDataUrl(uri);
  const manualKey = secret.replace(/(.{4})/g, '$1 ').trim();
  return { qrCode, manualKey, secret };
}

async function assertReKeyProof(user: UserItem, proof: { password?: string; token?: string }) {
  if (proof.password !== undefined) return assertPassword(user, proof.password);
  if (proof.token !== undefined) {
    if (!(await checkCurrentCode(user, proof.token))) throw new BadRequestError('Invalid verification code. Please try again.');
    return;
  }
  throw new BadRequestError('Enter your current password to change two-factor authentication');
}
