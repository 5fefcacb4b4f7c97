import type { ClientItem } from '../items.ts';

/**
 * One collator for the module's life: `localeCompare` with options builds a new collator on
 * every call (about 0.7 s to sort 20,000 names), while a shared one sorts them in about 20 ms.
 * Same default locale and options, so the same order.
 */
const firstNames = new Intl.Collator(undefined, { sensitivity: 'base' });

type Named = Pick<ClientItem, 'firstName' | 'lastInitial' | 'id'>;

/** Clients by first name (case and accents aside), then last initial, then id for a stable order. */
export const byName = (a: Named, b: Named) =>
  firstNames.compare(a.firstName, b.firstName) || a.lastInitial.localeCompare(b.lastInitial) || a.id.localeCompare(b.id);
