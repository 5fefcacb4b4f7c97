import { db } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';

/** Counts the DynamoDB requests the shared client sends while `call` runs (a middleware on its stack). */
export async function countRequests(call: () => Promise<unknown>): Promise<number> {
  let requests = 0;
  const name = `count-${newId()}`;
  db().middlewareStack.add(
    (next) => (args) => {
      requests += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await call();
    return requests;
  } finally {
    db().middlewareStack.remove(name);
  }
}

/**
 * The DynamoDB requests of a call, the fewer of two calls in a row: the login session's idle timer
 * is written (two more requests) at most once a minute, so two calls in a row cannot both pay it.
 */
export async function requestsOf(call: () => Promise<unknown>): Promise<number> {
  const first = await countRequests(call);
  const second = await countRequests(call);
  return Math.min(first, second);
}
