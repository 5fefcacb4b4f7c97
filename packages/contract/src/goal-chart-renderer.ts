/**
 * The part of ECharts a goal figure needs (goalChartOption: line series, grid, mark line) with
 * the SVG renderer, registered once for both places that draw it: the reports page (loaded on
 * demand, its own chunk) and the PDF writer (ECharts' server-side SVG). Tree-shaken: the rest of
 * ECharts stays out of both bundles.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, MarkLineComponent, SVGRenderer]);

export { init };
