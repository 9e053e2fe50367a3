import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { PartnerPayReport } from '@tripline/core';
import { formatMoney } from '../trips/home/trip-format.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dayLabel = (iso: string, i: number) => `${WEEKDAYS[i]} ${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

/**
 * The week's pay as a stacked bar per day, Final below and not Final above. Loaded
 * on its own, so ECharts is fetched only by this report. The table below it holds the same sums
 * for those who do not see the chart.
 */
export function PayChart({ days }: { days: PartnerPayReport['days'] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 64, right: 16, top: 40, bottom: 32 },
        legend: { top: 0, data: ['Final', 'Not Final'] },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => formatMoney(Number(v)) },
        xAxis: { type: 'category', data: days.map((d, i) => dayLabel(d.date, i)) },
        yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatMoney(v) } },
        series: [
          { name: 'Final', type: 'bar', stack: 'pay', itemStyle: { color: '#2f9e44' }, data: days.map((d) => d.finalPay) },
          { name: 'Not Final', type: 'bar', stack: 'pay', itemStyle: { color: '#f08c00' }, data: days.map((d) => d.notFinalPay) },
        ],
      },
      true,
    );
  }, [days]);

  const summary = days.map((d, i) => `${dayLabel(d.date, i)}: Final ${formatMoney(d.finalPay)}, not Final ${formatMoney(d.notFinalPay)}`).join('; ');
  return <div ref={box} role="img" aria-label={`Pay per day. ${summary}`} data-testid="pay-chart" style={{ width: '100%', height: 260 }} />;
}
