import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts with only the pieces the app's charts use (bars, lines, a pie, a funnel). Named imports, not
 * `import('echarts/charts')`: a dynamic import of the barrel keeps every chart type (maps, graphs, 3D
 * helpers — about 250 KB gzipped), since the bundler cannot tell which of its exports are read.
 */
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  FunnelChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  CanvasRenderer,
]);

export { echarts };
