import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClientMinutes } from '@caseload/contract/school-year';
import { todayIn } from '../../school-calendar/index.ts';
import { BROWSER_ZONE, jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { mondayOf } from '../lib/minutes.ts';
import { ClientMinutesCard } from './ClientMinutesCard.tsx';

const clientId = '00000000-0000-4000-8000-000000000001';
const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A school year of weeks from 30 weeks before this one to 10 after, the first one begun on a Wednesday. */
function yearAroundToday(): ClientMinutes {
  const thisMonday = Date.parse(`${mondayOf(todayIn(BROWSER_ZONE))}T00:00:00Z`);
  const starts = Array.from({ length: 41 }, (_, i) => dateOf(thisMonday + (i - 30) * 7 * DAY));
  starts[0] = dateOf(Date.parse(`${starts[0]}T00:00:00Z`) + 2 * DAY);
  return {
    from: starts[0]!,
    to: dateOf(Date.parse(`${starts.at(-1)}T00:00:00Z`) + 4 * DAY),
    required: 1200,
    requiredToDate: 900,
    delivered: 870,
    makeupsOwed: 0,
    status: 'on_track',
    notCounted: [],
    weeks: starts.map((start) => ({ start, required: 30, delivered: 30 })),
  };
}

describe('ClientMinutesCard', () => {
  it('marks the week holding today as this week, the one the list opens on', async () => {
    const year = yearAroundToday();
    mockApi({
      [`GET /api/clients/${clientId}/service-minutes`]: () => jsonResponse(200, year),
      [`GET /api/clients/${clientId}/makeups`]: () => jsonResponse(200, []),
      'GET /api/user': () => jsonResponse(200, testUser),
    });
    renderWithProviders(<ClientMinutesCard clientId={clientId} />);
    const weeks = await screen.findByRole('list', { name: 'Week by week (delivered / required)' });
    const items = within(weeks).getAllByRole('listitem');
    expect(items).toHaveLength(41);
    const current = items.filter((li) => li.getAttribute('aria-current') === 'date');
    expect(current).toHaveLength(1);
    expect(current[0]).toBe(items[30]);
    expect(current[0]!.textContent).toMatch(/^This week \(/);
    expect(items[29]!.textContent).toMatch(/^Week of /);
  });
});
