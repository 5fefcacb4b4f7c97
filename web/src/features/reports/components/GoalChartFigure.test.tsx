import { screen, waitFor, within } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { describe, expect, it } from 'vitest';
import type { GoalChart } from '@caseload/contract/goal-chart';
import { renderWithProviders } from '../../../test/render.tsx';
import { GoalChartFigure } from './GoalChartFigure.tsx';

const chart: GoalChart = {
  points: [
    { date: '2026-02-10', accuracy: 50 },
    { date: '2026-02-17', accuracy: 60 },
    { date: '2026-02-24', accuracy: 75 },
  ],
  criterion: 80,
  baseline: { accuracy: 40, date: '2026-01-15' },
  cueMix: [
    { cue: 'independent', trials: 12, percent: 60 },
    { cue: 'verbal', trials: 8, percent: 40 },
  ],
  progress: 'progressing',
};

const description =
  'Accuracy over 3 sessions: 50%, 60%, 75%; baseline 40%; criterion 80%; status: Progressing';

/** The SVG ECharts drew inside the figure's image, once it has loaded. */
async function drawnSvg() {
  const drawing = await screen.findByRole('img', { name: description });
  return waitFor(() => {
    const svg = drawing.querySelector('svg');
    expect(svg).toBeTruthy();
    return svg!;
  });
}

describe('GoalChartFigure', () => {
  it('draws accuracy, the criterion line and the baseline point as SVG, with the status and cue mix in words', async () => {
    renderWithProviders(<GoalChartFigure chart={chart} width={360} />);
    const svg = await drawnSvg();
    const texts = [...svg.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toContain('Criterion 80%');
    expect(texts).toContain('Baseline 40%');
    expect(texts).toEqual(expect.arrayContaining(['Baseline', 'Feb 10', 'Feb 17', 'Feb 24', '0%', '100%']));
    expect(svg.getAttribute('width')).toBe('360');
    expect(svg.getAttribute('height')).toBe('180');

    const figure = screen.getByTestId('goal-chart');
    expect(within(figure).getByText('Progressing')).toBeTruthy();
    expect(within(figure).getByText('Correct by cue level: Independent 60% · Verbal 40%')).toBeTruthy();
  });

  it('draws no criterion line for a goal without one, and no cue-mix line without trials', async () => {
    renderWithProviders(<GoalChartFigure chart={{ ...chart, criterion: null, cueMix: [], progress: 'not_yet' }} width={360} />);
    const drawing = await screen.findByRole('img', { name: 'Accuracy over 3 sessions: 50%, 60%, 75%; baseline 40%; status: Not yet' });
    const svg = await waitFor(() => {
      const found = drawing.querySelector('svg');
      expect(found).toBeTruthy();
      return found!;
    });
    const texts = [...svg.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts.some((t) => t?.startsWith('Criterion'))).toBe(false);
    expect(texts).toContain('Baseline 40%');
    expect(screen.getByText('Not yet')).toBeTruthy();
    expect(screen.queryByText(/trials?\)$/)).toBeNull();
  });

  it('says "No data" instead of drawing an empty axis', async () => {
    renderWithProviders(<GoalChartFigure chart={{ points: [], criterion: 80, baseline: null, cueMix: [], progress: 'no_data' }} width={360} />);
    const image = screen.getByRole('img', { name: 'No sessions with data in this period; criterion 80%; status: No data' });
    expect(image.querySelector('svg')).toBeNull();
    expect(within(screen.getByTestId('goal-chart')).getAllByText('No data')).toHaveLength(1);
  });

  it('keeps the status of a mastered goal without data in the period', () => {
    renderWithProviders(<GoalChartFigure chart={{ points: [], criterion: 80, baseline: null, cueMix: [], progress: 'mastered' }} width={360} />);
    expect(screen.getByText('Mastered')).toBeTruthy();
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('holds the drawing’s height while ECharts loads, and disposes of the chart when unmounted', async () => {
    const { unmount } = renderWithProviders(<GoalChartFigure chart={chart} width={360} />);
    const drawing = screen.getByRole('img', { name: description });
    expect(drawing.parentElement!.style.height || getComputedStyle(drawing.parentElement!).height).toBe('180px');
    await drawnSvg();
    expect(getInstanceByDom(drawing)).toBeTruthy();
    unmount();
    expect(getInstanceByDom(drawing)).toBeUndefined();
  });
});
