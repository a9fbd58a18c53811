/** The chart's keys: a task, a critical task (striped), a paid one, a baseline, today. */
export function TimelineLegend() {
  return (
    <ul className="tl-legend" aria-label="Legend">
      <li>
        <span className="tl-key tl-key-bar" aria-hidden="true" /> Task
      </li>
      <li>
        <span className="tl-key tl-key-critical" aria-hidden="true" /> Critical (striped)
      </li>
      <li>
        <span className="tl-key tl-key-done" aria-hidden="true" /> Paid
      </li>
      <li>
        <span className="tl-key tl-key-baseline" aria-hidden="true" /> Baseline
      </li>
      <li>
        <span className="tl-key tl-key-today" aria-hidden="true" /> Today
      </li>
    </ul>
  );
}
