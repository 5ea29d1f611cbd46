import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { vars } from '../../../styles/theme.css.ts';
import * as css from './Chart.css.ts';

export type ColorToken = 'primary' | 'success' | 'warning' | 'danger';

export interface ChartSeries {
  label: string;
  values: number[];
  color: ColorToken;
  /** bars for one series; lines (each its own dash, not told apart by colour alone) for several */
  kind: 'bars' | 'line';
  dash?: number[];
}

const HEIGHT = 200;

/** The value of a theme variable (`var(--x)`) on an element: canvas paints with colours, not variables. */
function themeColor(el: Element, token: string): string {
  const name = /var\((--[^),]+)/.exec(token)?.[1];
  return (name && getComputedStyle(el).getPropertyValue(name).trim()) || '#6d28d9';
}

/**
 * One uPlot chart of daily values (x: the days, UTC), as wide as its box (360 px up), redrawn
 * when the box changes size or the data does. The canvas is hidden from screen readers: the
 * figure's caption and legend say what it shows, and the section's table gives every number.
 */
export default function Chart({ days, series, locale }: { days: string[]; series: ChartSeries[]; locale: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = themeColor(el, vars.color.text);
    const grid = themeColor(el, vars.color.border);
    const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const numberLabel = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
    const options: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
      axes: [
        {
          stroke: text,
          grid: { show: false },
          ticks: { stroke: grid },
          values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))),
        },
        {
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          size: 44,
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? numberLabel.format(s) : '')),
        },
      ],
      series: [
        {},
        ...series.map((s) => {
          const color = themeColor(el, vars.color[s.color]);
          return s.kind === 'bars'
            ? { label: s.label, stroke: color, fill: color, width: 0, paths: bars, points: { show: false } }
            : { label: s.label, stroke: color, width: 2, dash: s.dash, points: { show: days.length <= 31, size: 5 } };
        }),
      ],
    };
    const plot = new uPlot(options, [xs, ...series.map((s) => s.values)], el);
    plot.root.setAttribute('aria-hidden', 'true');
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, locale]);

  return <div ref={box} className={css.chart} />;
}
