import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const ava = '11111111-1111-4111-8111-111111111111';
const noah = '22222222-2222-4222-8222-222222222222';

describe('Goals at risk (part 4 §7)', () => {
  it("lists the students the dashboard's count is made of, in its scope, each linking to the student's goals, and says the status is a signal", async () => {
    mockApi({
      'GET /api/user': () => jsonResponse(200, testUser),
      'GET /api/dashboard/goals-at-risk?assignedTo=me': () =>
        jsonResponse(200, [
          { clientId: ava, clientName: 'Ava M.', goalsAtRisk: 2 },
          { clientId: noah, clientName: 'Noah B.', goalsAtRisk: 1 },
        ]),
    });
    renderApp('/goals-at-risk?assignedTo=me');
    expect(await screen.findByRole('heading', { level: 1, name: 'Goals at risk' })).toBeTruthy();
    expect(screen.getByText('Goals whose trend is below the aim line. The status is a signal for the clinician, never a decision.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Ava M.' })).getAttribute('href')).toBe(`/clients/${ava}`);
    expect(screen.getByText('2 goals at risk')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Noah B.' }).getAttribute('href')).toBe(`/clients/${noah}`);
    expect(screen.getByText('1 goal at risk')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    mockApi({
      'GET /api/user': () => jsonResponse(200, testUser),
      'GET /api/dashboard/goals-at-risk?assignedTo=all': () => jsonResponse(200, []),
    });
    renderApp('/goals-at-risk?assignedTo=all');
    expect(await screen.findByText('No goals at risk.')).toBeTruthy();
  });
});
