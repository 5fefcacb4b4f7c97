/**
 * Writing and removing a series' occurrences. Each occurrence is a session written through the
 * sessions' own write path (`commitSessionChange`: the session, its counters, its provider check
 * and whatever else that path carries, in one transaction per session), several at a time so a
 * year of occurrences fits well inside one request. A removal never takes a documented session:
 * the delete is conditioned on the version read, and the first documentation save bumps it.
 */
import { inPool } from '../concurrency.ts';
import { batchGetItems } from '../db/batch-get.ts';
import type { SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import { isLostRace, retryOnConflict } from '../db/conflicts.ts';
import { commitSessionChange, readSession } from '../sessions/repo.ts';
import { isDocumented } from './calendar.ts';

/** Session transactions in flight at once: a year of three weekdays (~156) is about 20 rounds. */
export const WRITE_CONCURRENCY = 8;

/** The sessions of these ids that still exist (consistent: an occurrence written a moment ago is found). */
export function readSessions(accountId: string, sessionIds: string[]): Promise<SessionItem[]> {
  return batchGetItems<SessionItem>(sessionIds.map((id) => keys.session(accountId, id)), { consistent: true });
}

/** Writes new sessions; throws the first failure (a refused provider is a 400) after the running writes settle. */
export async function createOccurrences(accountId: string, sessions: SessionItem[]): Promise<void> {
  // A conflict on a shared counter item with another transaction is retried; the session's own
  // Put is conditioned on its new id being free, so a retry never writes it twice.
  await inPool(sessions, (session) => retryOnConflict(() => commitSessionChange(accountId, undefined, session)), WRITE_CONCURRENCY);
}

export type Outcome = 'changed' | 'kept' | 'gone';

/**
 * Applies `change` to an undocumented session (`undefined` deletes it), conditioned on the version
 * read. A lost race reads the session again: documented meanwhile, it is kept; gone, nothing is
 * left to do.
 */
export async function changeUnlessDocumented(accountId: string, first: SessionItem, change: (session: SessionItem) => SessionItem | undefined): Promise<Outcome> {
  let session: SessionItem | undefined = first;
  return retryOnConflict(async () => {
    if (!session) return 'gone';
    if (isDocumented(session)) return 'kept';
    try {
      await commitSessionChange(accountId, session, change(session));
      return 'changed';
    } catch (e) {
      if (isLostRace(e)) session = await readSession(accountId, first.id);
      throw e;
    }
  });
}

/** Deletes the undocumented ones of these sessions; answers the ids deleted and the ids kept (documented). */
export async function removeUndocumented(accountId: string, sessions: SessionItem[]): Promise<{ deleted: string[]; kept: string[] }> {
  const outcomes = await inPool(sessions, (s) => changeUnlessDocumented(accountId, s, () => undefined), WRITE_CONCURRENCY);
  return {
    deleted: sessions.filter((_, i) => outcomes[i] === 'changed').map((s) => s.id),
    kept: sessions.filter((_, i) => outcomes[i] === 'kept').map((s) => s.id),
  };
}
