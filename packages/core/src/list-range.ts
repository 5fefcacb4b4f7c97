/**
 * The period a list request reads: [from, to) as UTC ISO strings, which sort like the instants they
 * name, so they can bound an index range directly.
 *
 * Without `from` and `to` a list reads 90 days back and 90 days ahead of now: enough for the
 * calendar around today and recent reports, and never the whole history. With only one of them the
 * period is the 180 days after `from` or before `to`. The contract caps an explicit period.
 */
const DAY_MS = 86_400_000;
export const DEFAULT_WINDOW_DAYS = 90;

/** An instant in the one form stored and indexed: UTC with milliseconds. */
export const toUtcIso = (value: string | number) => new Date(value).toISOString();

export function resolveRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const span = 2 * DEFAULT_WINDOW_DAYS * DAY_MS;
  const to = query.to ? Date.parse(query.to) : query.from ? Date.parse(query.from) + span : now.getTime() + DEFAULT_WINDOW_DAYS * DAY_MS;
  const from = query.from ? Date.parse(query.from) : to - span;
  return { from: toUtcIso(from), to: toUtcIso(to) };
}
