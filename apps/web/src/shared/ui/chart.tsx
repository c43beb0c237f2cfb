import { Skeleton } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useThemeChoice } from '../../app/theme/preferences-provider';

/**
 * ECharts, loaded the first time a chart is shown: the modules are imported here and
 * nowhere else, so the log-in page and every page without a chart stay free of them.
 * Only the pieces the finance charts use are registered (bars, lines, a pie).
 */
let echartsLoading: Promise<typeof import('echarts/core')> | null = null;

export function loadECharts() {
  echartsLoading ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]).then(([core, charts, components, renderers]) => {
    core.use([
      charts.BarChart,
      charts.LineChart,
      charts.PieChart,
      charts.FunnelChart,
      components.GridComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.AriaComponent,
      renderers.CanvasRenderer,
    ]);
    return core;
  });
  return echartsLoading;
}

interface ChartProps {
  option: EChartsCoreOption;
  height: number;
  /** What the chart shows, for screen readers (the chart itself is a picture). */
  ariaLabel: string;
}

/**
 * A chart that follows its container's width and the app's light or dark theme.
 * `option` is ECharts' own; a new object redraws the chart, merged with the old one.
 */
export function Chart({ option, height, ariaLabel }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const dark = useThemeChoice().theme.startsWith('dark');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadECharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current, dark ? 'dark' : undefined, { renderer: 'canvas' });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, [dark]);

  useEffect(() => {
    // A transparent background lets the card's colour show through in both themes.
    if (ready) chart.current?.setOption({ backgroundColor: 'transparent', aria: { enabled: true }, ...option }, true);
  }, [ready, option]);

  return (
    <div style={{ position: 'relative', height }}>
      {!ready && <Skeleton active paragraph={{ rows: 4 }} style={{ position: 'absolute', inset: 0 }} />}
      <div ref={box} role="img" aria-label={ariaLabel} style={{ height, width: '100%' }} />
    </div>
  );
}
