import { describe, expect, it } from 'vitest';
import { byName } from './client-order.ts';

/** The comparator before the shared collator, kept here as the reference order. */
const perCallLocaleCompare = (a: Parameters<typeof byName>[0], b: Parameters<typeof byName>[0]) =>
  a.firstName.localeCompare(b.firstName, undefined, { sensitivity: 'base' }) || a.lastInitial.localeCompare(b.lastInitial) || a.id.localeCompare(b.id);

// Accents, case, letters some locales treat as their own (Ø, Å, ß), ligatures and look-alikes.
const firstNames = [
  'emile', 'Émile', 'Emile', 'EMILE', 'Emilé', 'Emma', 'émma', 'Zoë', 'Zoe', 'zoe', 'Øyvind', 'Oyvind', 'oyvind', 'Ole', 'Örjan', 'Orjan',
  'Åsa', 'Asa', 'Aase', 'Straße', 'Strasse', 'STRASSE', 'Æsa', 'Aesa', 'Ñuria', 'Nuria', 'Çelik', 'Celik', 'ana', 'Ana', 'Anna', 'ánna',
  'Łukasz', 'Lukasz', "O'Neil", 'ONeil', 'Mary-Jo', 'Maryjo', 'Mary Jo', 'İlker', 'Ilker', 'ılker', 'Ðorđe', 'Dorde',
];
const clients = firstNames.flatMap((firstName, i) =>
  ['B', 'a', 'A'].map((lastInitial, j) => ({ firstName, lastInitial, id: `c${String((i * 7 + j * 13) % 101).padStart(3, '0')}-${i}-${j}` })),
);

describe('byName (one shared collator)', () => {
  it('orders tricky names exactly as localeCompare with the same options did', () => {
    expect([...clients].sort(byName)).toEqual([...clients].sort(perCallLocaleCompare));
  });

  it('agrees with the old comparator on every pair, ties included', () => {
    for (const a of clients)
      for (const b of clients) expect(Math.sign(byName(a, b)), `${a.firstName}/${a.lastInitial} vs ${b.firstName}/${b.lastInitial}`).toBe(Math.sign(perCallLocaleCompare(a, b)));
  });
});
