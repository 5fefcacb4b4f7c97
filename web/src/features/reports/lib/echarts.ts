/**
 * The part of ECharts the goal figures use, tree-shaken: line series, grid, mark line and the SVG
 * renderer (the same renderer the parent PDF's server-side drawing uses). Imported only through
 * `loadECharts` in GoalChartFigure, so ECharts is its own chunk and never part of the first load.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, MarkLineComponent, SVGRenderer]);

export { init };
