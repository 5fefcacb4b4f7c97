import type { Capability, FunctionDef, RouteDef } from '../../packages/contract/src/manifest.ts';

/**
 * Which part of the single table each function may touch. Pure data and functions, no constructs:
 * the stack turns these into IAM statements and the infra tests check them against the key
 * builders in packages/core/src/keys.ts.
 *
 * Why `dynamodb:LeadingKeys` and these prefixes
 * ---------------------------------------------
 * IAM can restrict DynamoDB calls by the partition-key value of the item or of the queried index
 * (`dynamodb:LeadingKeys`; on a GSI query the value checked is the index's partition key). It
 * cannot know *which* account a signed-in user belongs to (that comes from the session, not from
 * the caller's identity), so per-tenant isolation stays in the service layer: a service never
 * takes `accountId` from the request. What IAM can do is keep each function inside the key
 * families it legitimately uses, so a bug or injected key in, say, the clients handler cannot
 * read login sessions' neighbours such as `EMAIL#…` lookups or `LOGIN#…` attempt counters.
 *
 * Key families (see keys.ts):
 *   ACCT#<a>…   every tenant item, and every tenant GSI partition (GSI1PK/GSI2PK start with it)
 *   LSESS#<h>   login session, looked up by every signed-in route (and touched: lastSeenAt)
 *   EMAIL#<e>   e-mail uniqueness / login lookup       (auth routes, creating a user)
 *   LOGIN#<e>   failed-login counter                   (auth routes)
 *   TDEV#<h>    trusted-device token                   (auth routes)
 *   SSODOMAIN#<d> an e-mail domain's SSO account        (SSO settings, discovery, start)
 *   DELCERT#<a> a deleted district's certificate         (the scheduled jobs' function alone)
 *
 * The condition is `ForAllValues:StringLike`: every key in the request must match one of the
 * patterns (batch and transactional requests carry several). ForAllValues is vacuously true
 * for a request with no key at all (Scan); that is safe only because Scan is never granted.
 *
 * Read routes (GET) get read actions on their families plus `UpdateItem` on `LSESS#*` alone:
 * the session middleware writes `lastSeenAt` (idle timeout) at most once a minute. A GET route
 * can therefore never modify tenant data, even through a bug.
 */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'] as const;

/**
 * Writes. TransactWriteItems is not an IAM action of its own: each item in a transaction is
 * authorised as its Put/Update/Delete/ConditionCheck, so these cover transactions too.
 */
export const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

/** The login-session touch every signed-in GET performs (resolveSession → UpdateItem lastSeenAt). */
export const SESSION_TOUCH_ACTIONS = ['dynamodb:UpdateItem'] as const;

export const TENANT_KEYS = ['ACCT#*', 'LSESS#*'] as const;
export const SESSION_KEYS = ['LSESS#*'] as const;
/** The bulk-generation worker has no login session: it only reads and writes tenant items. */
export const WORKER_KEYS = ['ACCT#*'] as const;

/** Every key family a function of this stack may ever touch. */
export const ALL_KEY_FAMILIES = ['ACCT#*', 'EMAIL#*', 'LSESS#*', 'LOGIN#*', 'TDEV#*', 'SSODOMAIN#*', 'DELCERT#*'] as const;

export interface TableAccess {
  /** Actions allowed on `leadingKeys` (table and indexes). */
  actions: string[];
  leadingKeys: string[];
  /** Actions allowed on `LSESS#*` only, on the table (the session touch of read routes). */
  sessionActions: string[];
}

/** What access is decided from: the route's method and its manifest declaration, never its name. */
export type RouteLike = Pick<RouteDef, 'method' | 'tableKeys' | 'uses'>;

/** The table access of one manifest route. */
export function tableAccessForRoute(route: RouteLike): TableAccess {
  const readOnly = route.method === 'GET';
  const families: string[] = [...TENANT_KEYS, ...(route.tableKeys ?? []).map((k) => `${k}#*`)];
  return readOnly
    ? { actions: [...READ_ACTIONS], leadingKeys: families, sessionActions: [...SESSION_TOUCH_ACTIONS] }
    : { actions: [...READ_ACTIONS, ...WRITE_ACTIONS], leadingKeys: families, sessionActions: [] };
}

/** The bulk note worker: reads facts, writes notes, job progress and audit events. */
export function workerTableAccess(): TableAccess {
  return { actions: [...READ_ACTIONS, ...WRITE_ACTIONS], leadingKeys: [...WORKER_KEYS], sessionActions: [] };
}

/**
 * Everything a function may do besides writing its own logs. Functions with the same profile
 * share one IAM role: same permissions, far fewer resources (a role and its policy per function
 * would put the stack near CloudFormation's 500-resource limit with this many routes).
 */
export interface AccessProfile {
  /** Stable, readable id of the role, made of what it grants: `TenantRead`, `TenantEmailLoginTdevWriteTotp`… */
  name: string;
  table: TableAccess;
  /** kms:Encrypt/Decrypt on the TOTP key. */
  totp: boolean;
  /** bedrock:InvokeModel* on the configured model. */
  bedrock: boolean;
  /** sqs:SendMessage on the bulk-generation queue. */
  enqueue: boolean;
  /** The export files' bucket (infra/constructs/exports.ts): routes read (sign links), the worker writes. */
  exports: boolean;
  /** The uploaded roster zips (`roster-uploads/` of the export bucket): the start route signs PUTs, the preview and the worker read. */
  rosterUploads: boolean;
}

export const declares = (fn: Pick<FunctionDef, 'uses'>, capability: Capability) => fn.uses?.includes(capability) ?? false;

export function accessProfileForRoute(route: RouteLike): AccessProfile {
  const table = tableAccessForRoute(route);
  const totp = declares(route, 'totpSecret');
  const bedrock = declares(route, 'bedrock');
  const enqueue = declares(route, 'bulkQueue');
  const exports = declares(route, 'exports');
  const rosterUploads = declares(route, 'rosterUploads');
  const families = (route.tableKeys ?? []).map((k) => k.charAt(0) + k.slice(1).toLowerCase()).join('');
  const name = ['Tenant', families, route.method === 'GET' ? 'Read' : 'Write', totp ? 'Totp' : '', bedrock ? 'Bedrock' : '', enqueue ? 'Enqueue' : '', exports ? 'Exports' : '', rosterUploads ? 'Roster' : ''].join('');
  return { name, table, totp, bedrock, enqueue, exports, rosterUploads };
}

/** The bulk worker's access: its table families are fixed (no login session), the rest is declared. */
export function workerAccessProfile(worker: Pick<FunctionDef, 'uses'>): AccessProfile {
  return {
    name: 'BulkWorker',
    table: workerTableAccess(),
    totp: declares(worker, 'totpSecret'),
    bedrock: declares(worker, 'bedrock'),
    enqueue: declares(worker, 'bulkQueue'),
    exports: declares(worker, 'exports'),
    rosterUploads: declares(worker, 'rosterUploads'),
  };
}
