import type { LeadConversion } from '@crm/contracts';
import type { EChartsCoreOption } from 'echarts/core';

/** Spec §4 funnel stages, in order. */
export const FUNNEL_STAGES = ['leads', 'waiting_or_set', 'trial', 'paid'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** A whole percent of `part` in `whole`; nothing to compare with: no percent. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part * 100) / whole) : null;

/** "05.03" of "2026-03-05". */
const dayLabel = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

/** One bar a day: how many leads first reached "set" that day. */
export function conversionOption(days: LeadConversion['lead_conversion'], name: string): EChartsCoreOption {
  return {
    color: ['#59a14f'],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((day) => dayLabel(day.conversion_date)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name, data: days.map((day) => day.lead_count), barMaxWidth: 40 }],
  };
}

/** The period's leads per source as a ring; a lead without a source is shown under `noSource`. */
export function sourcesOption(rows: LeadConversion['lead_conversion_for_source'], noSource: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['50%', '45%'],
        label: { show: false },
        data: rows.map((row) => ({ name: row.source || noSource, value: row.leads_count })),
      },
    ],
  };
}

/** The funnel of spec §4, widest at the top; each stage's label says its share of all the period's leads. */
export function funnelOption(
  funnel: LeadConversion['funnel'],
  stageName: (stage: FunnelStage) => string,
): EChartsCoreOption {
  const data = FUNNEL_STAGES.map((stage) => ({ name: stageName(stage), value: funnel[stage] }));
  return {
    color: ['#4e79a7', '#f28e2b', '#76b7b2', '#59a14f'],
    tooltip: { trigger: 'item', formatter: '{b}: {c}' },
    series: [
      {
        type: 'funnel',
        left: '10%',
        width: '80%',
        top: 8,
        bottom: 8,
        min: 0,
        max: Math.max(funnel.leads, 1),
        sort: 'none',
        gap: 2,
        label: {
          show: true,
          position: 'inside',
          formatter: ({ name, value }: { name: string; value: number }) =>
            `${name}: ${value}${funnel.leads ? ` (${percentOf(value, funnel.leads)}%)` : ''}`,
        },
        data,
      },
    ],
  };
}
