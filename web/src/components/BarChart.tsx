import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * Figures per rank as a bar chart (Chart.js, drawn in the browser only): one bar per rank in its
 * colour. The admin rarity section's distribution and the profile's cards by rank; the page
 * keeps the same figures as text beside it for screen readers and the server render. Pages load
 * it lazily: the chart library stays out of the member pages' first chunks.
 */
export function BarChart({
  bars,
  label,
  className = 'admin-chart',
  wholeNumbers = false,
}: {
  bars: Array<{ code: string; value: number; color?: string }>;
  label: string;
  className?: string;
  /** Counts: the value axis shows whole numbers only (no 0.1 … 0.9 ticks). */
  wholeNumbers?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const text = getComputedStyle(canvas.current).color || '#ddd';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: bars.map((b) => b.code),
        datasets: [
          { label, data: bars.map((b) => b.value), backgroundColor: bars.map((b) => b.color ?? '#8a7dff') },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { ticks: { color: text } },
          y: { beginAtZero: true, ticks: { color: text, ...(wholeNumbers ? { precision: 0 } : {}) } },
        },
      },
    });
    return () => chart.destroy();
  }, [bars, label, wholeNumbers]);
  return (
    <div className={className}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

export default BarChart;
