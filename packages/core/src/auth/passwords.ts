import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ServiceUnavailableError } from '../errors.ts';

/** OWASP's scrypt cost (N = 2^17, r = 8, p = 1), which needs about 128 MiB and 0.25 s of a core. */
export const PRODUCTION_COST_LOG2 = 17;
/** The lowest cost a test run may choose; outside tests nothing below production is accepted. */
const TEST_MIN_COST_LOG2 = 10;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

/**
 * The scrypt cost as log2(N), from PASSWORD_HASH_COST. Test runs (NODE_ENV=test) may lower it so
 * no test depends on this machine's speed; anywhere else a lower value is refused at first use,
 * so a production deployment can never weaken its hashes by configuration.
 */
export function hashCostLog2(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PASSWORD_HASH_COST;
  if (raw === undefined || raw === '') return PRODUCTION_COST_LOG2;
  const cost = Number(raw);
  const floor = env.NODE_ENV === 'test' ? TEST_MIN_COST_LOG2 : PRODUCTION_COST_LOG2;
  if (!Number.isInteger(cost) || cost < floor || cost > 20) {
    throw new Error(`PASSWORD_HASH_COST must be an integer from ${floor} to 20 (log2 of scrypt's N)`);
  }
  return cost;
}

/**
 * At most this many hashes run at once in one process, and at most QUEUE_LIMIT wait; beyond that a
 * sign-in gets 503 with Retry-After, so a burst of logins cannot starve every other request.
 * libuv runs scrypt on its 4-thread pool, which DynamoDB's DNS lookups and file reads share.
 */
export const MAX_CONCURRENT_HASHES = Number(process.env.PASSWORD_HASH_CONCURRENCY ?? 2);
export const HASH_QUEUE_LIMIT = Number(process.env.PASSWORD_HASH_QUEUE ?? 16);

let running = 0;
const waiting: (() => void)[] = [];

export class HashingBusyError extends ServiceUnavailableError {
  constructor() {
    super('Too many sign-ins at once. Please try again in a moment.');
  }
}

/** Runs `work` under the per-process hashing limit (FIFO queue, bounded). */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= HASH_QUEUE_LIMIT) throw new HashingBusyError();
    await new Promise<void>((res) => waiting.push(res));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Passwords checked by this process so far: what a lockout must keep bounded under a burst. */
let checks = 0;
export const passwordChecks = () => checks;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return withHashSlot(
    () => new Promise<Buffer>((res, rej) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (e, key) => (e ? rej(e) : res(key)))),
  );
}

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const params = { N: 2 ** hashCostLog2(), r: 8, p: 1, maxmem: MAXMEM };
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  checks++;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A real hash of a random password: verifying against it costs the same as a real user's. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));
