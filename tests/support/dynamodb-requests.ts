import { db } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';

/** The DynamoDB commands the shared client sends while `call` runs, by name, in order (a middleware on its stack). */
async function commandsSent(call: () => Promise<unknown>): Promise<string[]> {
  const commands: string[] = [];
  const name = `count-${newId()}`;
  db().middlewareStack.add(
    (next, context) => (args) => {
      commands.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await call();
    return commands;
  } finally {
    db().middlewareStack.remove(name);
  }
}

/** Counts the DynamoDB requests the shared client sends while `call` runs. */
export async function countRequests(call: () => Promise<unknown>): Promise<number> {
  return (await commandsSent(call)).length;
}

/**
 * The DynamoDB commands of a call by name, in order: the shorter list of two calls in a row. The
 * login session's idle timer is written (two more requests) at most once a minute, so two calls in
 * a row cannot both pay it.
 */
export async function commandsOf(call: () => Promise<unknown>): Promise<string[]> {
  const first = await commandsSent(call);
  const second = await commandsSent(call);
  return first.length <= second.length ? first : second;
}

/** The DynamoDB requests of a call, the fewer of two calls in a row (commandsOf). */
export async function requestsOf(call: () => Promise<unknown>): Promise<number> {
  return (await commandsOf(call)).length;
}
