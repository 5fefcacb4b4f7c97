/**
 * Items a route reads first, fetched in the same BatchGet as the request's login session, so the
 * route's first read costs no round trip of its own (issue 27: GET one session in two reads, a
 * trial save in two requests). The route names their keys from the account id in the cookie before
 * the session is checked; resolveSession hands them on only once the session has proven that
 * account, so an item of another tenant is never seen.
 *
 * Each item is taken at most once: a service that retries after a lost race reads afresh.
 */
export interface ItemKey {
  PK: string;
  SK: string;
}

const idOf = (key: ItemKey) => `${key.PK}\n${key.SK}`;

export class Prefetched {
  readonly #items = new Map<string, Record<string, unknown> | undefined>();

  /** `keys` were read (consistently); `items` are those that exist. */
  constructor(keys: readonly ItemKey[], items: readonly Record<string, unknown>[]) {
    for (const key of keys) this.#items.set(idOf(key), undefined);
    for (const item of items) this.#items.set(idOf(item as unknown as ItemKey), item);
  }

  /** The item as read with the login session (`item` undefined: it does not exist), or undefined when it was not read. */
  take<T>(key: ItemKey): { item: T | undefined } | undefined {
    const id = idOf(key);
    if (!this.#items.has(id)) return undefined;
    const item = this.#items.get(id) as T | undefined;
    this.#items.delete(id);
    return { item };
  }
}

/** The keys without repeats (BatchGet refuses a request naming one key twice). */
export function uniqueKeys(keys: readonly ItemKey[]): ItemKey[] {
  const seen = new Map(keys.map((k) => [idOf(k), { PK: k.PK, SK: k.SK }]));
  return [...seen.values()];
}
