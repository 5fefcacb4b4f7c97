import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TrustedDevice } from '@caseload/contract/auth';
import { recordAudit } from '../audit.ts';
import { nowIso, nowSeconds } from '../clock.ts';
import type { AuthContext, RequestMeta } from '../context.ts';
import { db, queryPartition } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { newId, newToken, sha256 } from '../ids.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';
import type { UserItem } from './users-repo.ts';
import { actorName } from '../people/actor-name.ts';

export const DEVICE_COOKIE = 'caseload_device';
export const TRUSTED_DEVICE_SECONDS = 14 * 24 * 3600;

interface DeviceItem {
  id: string;
  userId: string;
  deviceName: string;
  ipAddress: string;
  userAgent: string;
  tokenHash: string;
  lastUsedAt: string;
  expiresAt: string;
  ttl: number;
  isActive: boolean;
}

/** A readable device name from the user agent, e.g. "Chrome on Windows". */
export function deviceNameFrom(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const os = /Windows/.test(userAgent) ? 'Windows' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : /CrOS/.test(userAgent) ? 'ChromeOS' : /Linux/.test(userAgent) ? 'Linux' : 'unknown system';
  return `${browser} on ${os}`;
}

/** Cookie value `<deviceId>.<token>`; only the token's hash is stored. */
function parseDeviceCookie(value: string | undefined) {
  const [deviceId, token, extra] = (value ?? '').split('.');
  if (!deviceId || !token || extra !== undefined || deviceId.length > 64) return undefined;
  return { deviceId, token };
}

export async function rememberDevice(user: Pick<UserItem, 'accountId' | 'id'>, meta: RequestMeta) {
  const id = newId();
  const token = newToken();
  const t = nowSeconds();
  const item: DeviceItem = {
    id,
    userId: user.id,
    deviceName: deviceNameFrom(meta.userAgent),
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
    tokenHash: sha256(token),
    lastUsedAt: nowIso(),
    expiresAt: new Date((t + TRUSTED_DEVICE_SECONDS) * 1000).toISOString(),
    ttl: t + TRUSTED_DEVICE_SECONDS,
    isActive: true,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.trustedDevice(user.accountId, user.id, id), type: entity.trustedDevice, ...item } }));
  return { cookieValue: `${id}.${token}`, maxAge: TRUSTED_DEVICE_SECONDS };
}

/** Whether the browser's device cookie is a live trusted device of this user; marks it used. */
export async function isTrustedDevice(user: Pick<UserItem, 'accountId' | 'id'>, cookieValue: string | undefined): Promise<boolean> {
  const parsed = parseDeviceCookie(cookieValue);
  if (!parsed) return false;
  const key = keys.trustedDevice(user.accountId, user.id, parsed.deviceId);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const device = res.Item as DeviceItem | undefined;
  if (!device || !device.isActive || device.tokenHash !== sha256(parsed.token) || device.ttl <= nowSeconds()) return false;
  await db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'SET lastUsedAt = :t', ExpressionAttributeValues: { ':t': nowIso() } }));
  return true;
}

function deviceItems(accountId: string, userId: string) {
  const { PK, SKPrefix } = keys.trustedDevicePrefix(accountId, userId);
  return queryPartition<DeviceItem & { SK: string; PK: string }>({ pk: PK, skPrefix: SKPrefix, consistent: true });
}

export async function listTrustedDevices(auth: AuthContext): Promise<TrustedDevice[]> {
  const t = nowSeconds();
  return (await deviceItems(auth.accountId, auth.userId))
    .filter((d) => d.isActive && d.ttl > t)
    .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))
    .map(({ id, deviceName, ipAddress, lastUsedAt, expiresAt }) => ({ id, deviceName, ipAddress, lastUsedAt, expiresAt }));
}

export async function removeTrustedDevice(auth: AuthContext, deviceId: string) {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.trustedDevice(auth.accountId, auth.userId, deviceId),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError('Trusted device');
    throw e;
  }
  await recordAudit(auth.accountId, { action: 'auth.device_removed', actorId: auth.userId, actorName: actorName(auth), entityType: 'trustedDevice', entityId: deviceId, summary: 'Removed a trusted device' });
}

/** Ends every trusted device of a user (2FA disabled). */
export async function revokeAllDevices(accountId: string, userId: string) {
  const items = await deviceItems(accountId, userId);
  await Promise.all(items.map((d) => db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: d.PK, SK: d.SK } }))));
}
