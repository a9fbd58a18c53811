import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ChartConfiguration, ChartType } from 'chart.js';
import type { ChartColors } from '../chart-data';

// The theme is `data-theme` on <html> (src/lib/theme.tsx): charts are redrawn in the new
// colours when it changes, whoever changes it.
function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
const themeSnapshot = () => document.documentElement.dataset.theme ?? 'light';

/** The chart colours of the current theme, from the CSS tokens (src/styles/tokens.css). */
export function readChartColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--color-text-muted', '#4a5567'),
    grid: token('--color-border', '#d5dce6'),
    predicted: token('--color-primary', '#1c5bbf'),
    committed: token('--color-progress', '#9a4f00'),
    paid: token('--color-paid', '#17653a'),
    countsInTotal: token('--color-todo', '#5b6b82'),
  };
}

interface Props<T extends ChartType, D> {
  /** Builds the configuration in the theme's colours; keep it stable (useCallback) between renders. */
  build: (colors: ChartColors) => ChartConfiguration<T, D>;
  /** What the chart shows, for screen readers (the table beside it gives the figures). */
  label: string;
  className?: string;
  height?: number;
}

/**
 * A Chart.js canvas. The library (chart-setup.ts) is imported here, on the first chart drawn:
 * it is in a chunk of its own that only the Money page fetches. The chart follows its
 * container's width (responsive) and is drawn again when the theme or the data change.
 */
export function ChartCanvas<T extends ChartType, D>({ build, label, className, height }: Props<T, D>) {
  const ref = useRef<HTMLCanvasElement>(null);
  const theme = useSyncExternalStore(subscribeTheme, themeSnapshot, () => 'light');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: { destroy: () => void } | null = null;
    let cancelled = false;
    import('../chart-setup')
      .then(({ Chart }) => {
        const canvas = ref.current;
        if (cancelled || !canvas) return;
        // The page's font, not Chart.js' Helvetica default.
        Chart.defaults.font.family = getComputedStyle(canvas).fontFamily || Chart.defaults.font.family;
        chart = new Chart<T, D>(canvas, build(readChartColors()));
      })
      .catch((e: unknown) => {
        console.error('Chart failed', e);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [build, theme]);

  if (failed) {
    return <p className="muted">The chart could not be drawn. The table below has the same figures.</p>;
  }
  return (
    <div
      className={`money-chart${className ? ` ${className}` : ''}`}
      style={height === undefined ? undefined : { height }}
      data-theme-drawn={theme}
    >
      <canvas ref={ref} role="img" aria-label={label}>
        {label}
      </canvas>
    </div>
  );
}
