/** The reports feature's public surface: a goal's figure, which the family's report shows too. */
export { GoalChartFigure } from './components/GoalChartFigure.tsx';
