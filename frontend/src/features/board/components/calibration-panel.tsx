import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatWholeMoney } from '../../../lib/format';
import { calibrationPending, calibrationSentence, formatRatio, percentVsRegional } from '../range-display';
import type { Calibration, CalibrationTask, ProjectSummary } from '../types';

interface Props {
  /** The board's figures: `predicted_total_regional` and `calibrated` beside the predicted total. */
  summary: ProjectSummary;
  /** `GET /api/projects/{id}/calibration/`, once it answered. */
  calibration: Calibration | undefined;
  /** The project's setting (`use_calibration`): the board and everyone else use the calibrated predictions. */
  useCalibrated: boolean;
  /** Changes the project's setting (a PATCH of the project). */
  onUseCalibratedChange: (on: boolean) => void;
  /** The setting is being saved. */
  busy?: boolean;
  /** Tasks on the board: nothing to say on an empty one. */
  taskCount: number;
  /** Phone layout. */
  compact?: boolean;
}

const FROM: Record<string, string> = { actual_cost: 'Actual cost', committed: 'Awarded bid' };

/** A well-formed answer (anything else, an error page or an older server's, is ignored). */
const isCalibration = (c: unknown): c is Calibration =>
  typeof c === 'object' && c !== null && Array.isArray((c as Calibration).used);

function InputsTable({ caption, rows, compact }: { caption: string; rows: CalibrationTask[]; compact: boolean }) {
  if (compact) {
    // A phone: one task a line, no table to scroll sideways.
    return (
      <div className="calibration-list-wrap">
        <p className="calibration-list-title">{caption}</p>
        <ul className="calibration-list" aria-label={caption}>
          {rows.map((r) => (
            <li key={r.task}>
              <span className="calibration-list-head">
                <strong>{r.title}</strong>
                <span>{formatRatio(r.ratio)}</span>
              </span>
              <span className="muted">
                Regional {formatWholeMoney(r.predicted)} · {FROM[r.known_from]?.toLowerCase() ?? r.known_from}{' '}
                {formatMoney(r.known)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    // Focusable: a narrow window scrolls the table sideways, from the keyboard too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="calibration-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="calibration-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col" className="num">
              Regional prediction
            </th>
            <th scope="col" className="num">
              Your price (original scope)
            </th>
            <th scope="col">From</th>
            <th scope="col" className="num">
              Ratio
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.task}>
              <th scope="row">{r.title}</th>
              <td className="num">{formatWholeMoney(r.predicted)}</td>
              <td className="num">{formatMoney(r.known)}</td>
              <td>{FROM[r.known_from] ?? r.known_from}</td>
              <td className="num">{formatRatio(r.ratio)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Before a ratio: what calibration waits for (the budget summary shows it beside the predicted
 * total, where it takes no room of the board's); null when there is nothing to say (an empty
 * board, a calibration already there, the answer not in yet).
 */
export function calibrationNote(
  summary: Pick<ProjectSummary, 'calibrated'>,
  answer: Calibration | undefined,
  taskCount: number,
): string | null {
  if (taskCount === 0 || summary.calibrated || !isCalibration(answer) || answer.ratio !== null) return null;
  return calibrationPending(answer.n_tasks ?? answer.used.length, answer.min_tasks ?? 3);
}

/**
 * The project's calibration (issue 20), out in the open, once there is one: how its prices
 * (awarded bids, actual costs) compare with the regional predictions, the switch between
 * calibrated and regional predictions for the tasks still without a price, and every input of
 * the ratio. One row until "How is this computed?" is opened.
 */
export function CalibrationPanel({
  summary,
  calibration: answer,
  useCalibrated,
  onUseCalibratedChange,
  busy = false,
  taskCount,
  compact = false,
}: Props) {
  const switchId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const calibration = isCalibration(answer) ? answer : undefined;
  const calibrated = summary.calibrated ?? null;
  if (taskCount === 0 || !calibrated) return null;

  const percent = calibration?.percent_vs_regional ?? percentVsRegional(calibrated.ratio);
  const used = calibration?.used ?? [];
  const leftOut = calibration?.left_out ?? [];
  const tone = percent > 0 ? 'above' : percent < 0 ? 'below' : 'match';
  return (
    <section
      className={`calibration calibration-${tone}${compact ? ' calibration-compact' : ''}`}
      aria-label="Calibration"
      data-testid="calibration"
    >
      <div className="calibration-row">
        <p className="calibration-sentence" data-testid="calibration-sentence">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="calibration-icon">
            <path
              d="M4 19h16M6 16l4-5 3 3 5-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{calibrationSentence(percent, calibrated.n_tasks)}</span>
        </p>
        <button
          type="button"
          className="calibration-toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
        >
          How is this computed?
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d={open ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <label className="calibration-switch" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={useCalibrated}
            disabled={busy}
            aria-describedby={`${switchId}-hint`}
            onChange={(e) => onUseCalibratedChange(e.target.checked)}
          />
          <span>Use calibrated predictions</span>
        </label>
        <span className="visually-hidden" id={`${switchId}-hint`}>
          A setting of the project: its share links and exports follow it too.
        </span>
      </div>
      <div id={detailsId} className="calibration-details" hidden={!open}>
        <p>
          Each task with an awarded bid or an actual cost is compared with its regional prediction, for the scope it was
          priced for (approved change orders left out: they change the scope, not the prices; fees and permits are not
          compared). Your ratio is the sum of those prices over the sum of their predictions:{' '}
          <strong>{formatRatio(calibrated.ratio)}</strong>
          {calibrated.low !== calibrated.high && (
            <>
              {' '}
              (task by task from {formatRatio(calibrated.low)} to {formatRatio(calibrated.high)})
            </>
          )}
          . The tasks still without a bid or cost are predicted at their regional prediction × this ratio, to the whole
          dollar, and so is their range; fees and permits keep their regional price. The setting is the project&apos;s:
          its share links and exports show the same predictions.
        </p>
        <p data-testid="calibration-totals">
          Predicted total with calibrated predictions:{' '}
          <strong>{formatMoney(summary.predicted_total_calibrated ?? calibrated.predicted_total)}</strong>. Regional
          predicted total (the same tasks with regional predictions, for comparison):{' '}
          <strong>{formatMoney(summary.predicted_total_regional)}</strong>.
        </p>
        {used.length > 0 && <InputsTable caption="Tasks the ratio is made of" rows={used} compact={compact} />}
        {leftOut.length > 0 && (
          <>
            <InputsTable caption="Left out as outliers" rows={leftOut} compact={compact} />
            <p className="hint">
              A task whose ratio is far from the others (more than 3 robust standard deviations, on a log scale) is left
              out, so that one odd bid — a misread scope, a typo — cannot swing the rest; never one within 25% of the
              median ratio.
            </p>
          </>
        )}
        <p>
          Where the regional predictions come from: <Link to="/cost-sources">cost sources</Link>.
        </p>
      </div>
    </section>
  );
}
