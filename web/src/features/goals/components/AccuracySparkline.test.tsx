import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccuracySparkline } from './AccuracySparkline.tsx';

const points = [
  { at: '2026-03-02T14:00:00.000Z', accuracy: 50 },
  { at: '2026-03-09T14:00:00.000Z', accuracy: 90 },
];

/** The SVG's y for a percentage (32 px high, 3 px padding). */
const yOf = (accuracy: number) => 3 + ((100 - accuracy) * 26) / 100;

describe('a goal accuracy chart', () => {
  it('draws the criterion as a line at its height and the baseline as a point before the first session', () => {
    renderWithProviders(<AccuracySparkline points={points} criterion={75} baseline={{ accuracy: 20, date: '2026-02-23' }} />);
    const chart = screen.getByRole('img', { name: 'Accuracy over 2 sessions: 50%, 90%; baseline 20% on Feb 23, 2026; criterion 75%' });
    const line = screen.getByTestId('criterion-line');
    expect(Number(line.getAttribute('y1'))).toBeCloseTo(yOf(75));
    expect(line.getAttribute('y2')).toBe(line.getAttribute('y1'));
    const baseline = screen.getByTestId('baseline-point');
    expect(Number(baseline.getAttribute('cy'))).toBeCloseTo(yOf(20));
    // The baseline comes first on the time axis, the sessions after it.
    const firstSession = Number(chart.querySelector('polyline')!.getAttribute('points')!.split(' ')[0]!.split(',')[0]);
    expect(Number(baseline.getAttribute('cx'))).toBeLessThan(firstSession);
    expect(screen.getByText('Latest 90% · criterion 75% · baseline 20%')).toBeTruthy();
  });

  it('keeps the faint reference line and no baseline point for a goal without them', () => {
    renderWithProviders(<AccuracySparkline points={points} />);
    expect(screen.getByRole('img', { name: 'Accuracy over 2 sessions: 50%, 90%' })).toBeTruthy();
    expect(screen.queryByTestId('criterion-line')).toBeNull();
    expect(screen.queryByTestId('baseline-point')).toBeNull();
    expect(screen.getByText('Latest 90%')).toBeTruthy();
  });

  it('says so when there is no data yet', () => {
    renderWithProviders(<AccuracySparkline points={[]} criterion={80} />);
    expect(screen.getByText('No progress data yet')).toBeTruthy();
  });
});
