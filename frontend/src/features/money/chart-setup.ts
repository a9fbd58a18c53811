// Chart.js with only what the Money page draws (horizontal grouped bars, a stepped line on a
// linear axis, legend and tooltips), so the rest of the library is tree-shaken away. Imported
// dynamically by components/chart-canvas.tsx: the library is fetched with the Money page's
// charts only, never by another page.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

export { Chart };
