import { Skeleton } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useThemeChoice } from '../../app/theme/preferences-provider';

/**
 * ECharts, loaded the first time a chart is shown: the modules are imported in echarts-setup.ts, loaded
 * from here only, so the log-in page and every page without a chart stay free of them.
 */
let echartsLoading: Promise<typeof import('echarts/core')> | null = null;

export function loadECharts() {
  echartsLoading ??= import('./echarts-setup').then((module) => module.echarts);
  return echartsLoading;
}

/**
 * Calls `show` once the box is near the screen: a chart below the fold (the dashboard's on a phone) is
 * loaded and drawn when scrolled to, not while the page's first screen is still being drawn. Returns
 * the cancel.
 */
function whenNearScreen(box: HTMLElement, show: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    show();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    },
    { rootMargin: '200px' },
  );
  observer.observe(box);
  return () => observer.disconnect();
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
    if (!box.current) return;
    const cancel = whenNearScreen(box.current, () => {
      void loadECharts().then((echarts) => {
        if (disposed || !box.current) return;
        chart.current = echarts.init(box.current, dark ? 'dark' : undefined, { renderer: 'canvas' });
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
        setReady(true);
      });
    });
    return () => {
      disposed = true;
      cancel();
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
