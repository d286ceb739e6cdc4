// A bar chart drawn by Chart.js, with only the pieces a bar chart needs registered (the screen is
// loaded lazily, so the library loads with it, never with the rest of the staff app).
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface Series {
  label: string;
  values: readonly number[];
  color: string;
}

export function BarChart(props: {
  labels: readonly string[];
  series: readonly Series[];
  label: string;
  unit?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true } },
      },
    });
    return () => chart.current?.destroy();
  }, []);
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = [...props.labels];
    c.data.datasets = props.series.map((s) => ({ label: s.label, data: [...s.values], backgroundColor: s.color }));
    if (c.options.plugins?.legend) c.options.plugins.legend.display = props.series.length > 1;
    c.update();
  }, [props.labels, props.series]);
  return (
    <div className="chart-box">
      <canvas ref={canvas} role="img" aria-label={props.label} />
    </div>
  );
}
