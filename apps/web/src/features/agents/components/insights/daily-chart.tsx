import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what a bar chart per day needs, so the analysis page's chunk carries no more of Chart.js.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export type ChartSeries = { label: string; values: number[]; color: string };

type Props = {
  /** One label per day, as the axis shows it; `titles` are the tooltip's (the full date). */
  labels: string[];
  titles: string[];
  series: ChartSeries[];
  /** What a screen reader hears instead of the picture. */
  summary: string;
  /** Axis text and grid lines, from the theme. */
  textColor: string;
  gridColor: string;
};

/** Bars per day, one colour per series (side by side when there are several). */
export function DailyChart({ labels, titles, series, summary, textColor, gridColor }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    // Without a 2D context (a test's DOM) there is nothing to draw on.
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((one) => ({
          label: one.label,
          data: one.values,
          backgroundColor: one.color,
          borderRadius: 3,
          maxBarThickness: 28,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 250 },
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: {
            display: series.length > 1,
            position: 'bottom',
            labels: { color: textColor, boxWidth: 12, boxHeight: 12 },
          },
          tooltip: { callbacks: { title: (items) => titles[items[0]?.dataIndex ?? 0] ?? '' } },
        },
        scales: {
          x: {
            grid: { display: false },
            border: { color: gridColor },
            ticks: { color: textColor, maxRotation: 0, autoSkipPadding: 12 },
          },
          y: {
            beginAtZero: true,
            grid: { color: gridColor },
            border: { display: false },
            ticks: { color: textColor, precision: 0, maxTicksLimit: 5 },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, titles, series, textColor, gridColor]);

  return (
    <div className="insights-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
