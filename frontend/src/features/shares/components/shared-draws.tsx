import { formatIsoDay, formatMoney } from '../../../lib/format';
import type { SharedDraw, SharedDrawItem } from '../types';
import { drawStatusLabel, formatPercentComplete, formatRetainage } from '../utils';

/** The continuation sheet of a draw (in the spirit of AIA G703): one line per task. */
function ContinuationLines({ draw }: { draw: SharedDraw }) {
  const items: readonly SharedDrawItem[] = draw.items;
  return (
    <>
      <p className="muted share-draw-scroll-hint" data-testid="share-scroll-hint">
        Scroll sideways for every column.
      </p>
      <div
        className="share-table-wrap share-draw-lines"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
        tabIndex={0}
        role="region"
        aria-label={`Draw ${draw.number} lines`}
      >
        <table className="share-table share-draw-table">
          <caption className="visually-hidden">Continuation lines of draw {draw.number}</caption>
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col" className="num">
                Scheduled value
              </th>
              <th scope="col" className="num">
                Previous
              </th>
              <th scope="col" className="num">
                This period
              </th>
              <th scope="col" className="num">
                Completed to date
              </th>
              <th scope="col" className="num">
                %
              </th>
              <th scope="col" className="num">
                Balance to finish
              </th>
              <th scope="col" className="num">
                Retainage
              </th>
              <th scope="col" className="num">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, i) => (
              <tr key={item.task ?? `line-${i}`} data-testid="shared-draw-line">
                <th scope="row">{item.title}</th>
                <td className="num">{formatMoney(item.scheduled_value)}</td>
                <td className="num">{formatMoney(item.previous)}</td>
                <td className="num">{formatMoney(item.this_period)}</td>
                <td className="num">{formatMoney(item.completed_to_date)}</td>
                <td className="num">
                  {formatPercentComplete(item.percent_complete)}
                  {item.inspected_percent !== null && (
                    // The % is completed to date; the inspector's figure only where it differs.
                    <span className="share-draw-inspected" title="The lender inspector's figure">
                      {' '}
                      {Math.round(item.inspected_percent * 10) === Math.round(item.percent_complete * 10)
                        ? '(inspected)'
                        : `(inspector: ${formatPercentComplete(item.inspected_percent)})`}
                    </span>
                  )}
                </td>
                <td className="num">{formatMoney(item.balance_to_finish)}</td>
                <td className="num">{formatMoney(item.retainage)}</td>
                <td className="num">{formatMoney(item.net)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{formatMoney(draw.scheduled_total)}</td>
              <td className="num">{formatMoney(draw.previous_total)}</td>
              <td className="num">{formatMoney(draw.total)}</td>
              <td className="num">{formatMoney(draw.completed_to_date_total)}</td>
              <td className="num" />
              <td className="num">{formatMoney(draw.balance_to_finish_total)}</td>
              <td className="num">{formatMoney(draw.retainage_total)}</td>
              <td className="num">{formatMoney(draw.net_total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/** What the draw still needs before the lender funds it: lien waivers, and on a final draw the final ones. */
function Paperwork({ draw }: { draw: SharedDraw }) {
  const missing = draw.waivers_missing ?? [];
  const finals = draw.final_waivers_missing ?? [];
  if (missing.length === 0 && finals.length === 0) {
    return <p className="share-draw-paperwork share-draw-ok">Lien waivers: all in.</p>;
  }
  return (
    <div className="share-draw-paperwork" data-testid="shared-draw-waivers">
      {missing.length > 0 && (
        <>
          <p className="share-draw-paperwork-title">Lien waivers still missing:</p>
          <ul>
            {missing.map((m) => (
              <li key={m.payment}>
                {formatMoney(m.amount)} to {m.contractor_name} on {formatIsoDay(m.paid_on)}
              </li>
            ))}
          </ul>
        </>
      )}
      {finals.length > 0 && (
        <p>Final lien waivers still missing from {finals.map((f) => f.contractor_name).join(', ')}.</p>
      )}
    </div>
  );
}

function DrawCard({ draw }: { draw: SharedDraw }) {
  const dates: string[] = [`Requested ${formatIsoDay(draw.requested_on)}`];
  if (draw.inspected_on) dates.push(`inspected ${formatIsoDay(draw.inspected_on)}`);
  if (draw.funded_on) dates.push(`funded ${formatIsoDay(draw.funded_on)}`);
  const figures: [string, string][] = [
    ['Requested', formatMoney(draw.total)],
    [`Retainage (${formatRetainage(draw.retainage_percent)})`, formatMoney(draw.retainage_total)],
    ['Net', formatMoney(draw.net_total)],
  ];
  if (draw.funded_amount !== null) figures.push(['Funded', formatMoney(draw.funded_amount)]);
  const inspection = [draw.inspector && `Inspector: ${draw.inspector}`, draw.inspection_note].filter(Boolean);
  return (
    <article className="share-draw" data-testid="shared-draw" aria-labelledby={`shared-draw-${draw.id}`}>
      <header className="share-draw-head">
        <h3 id={`shared-draw-${draw.id}`}>
          Draw {draw.number}
          {draw.final && <span className="share-badge share-badge-final">Final</span>}
        </h3>
        <span className={`share-badge share-draw-status share-draw-${draw.status}`}>
          {drawStatusLabel(draw.status)}
        </span>
      </header>
      <p className="muted share-draw-dates">{dates.join(' · ')}</p>
      <dl className="share-draw-figures">
        {figures.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {draw.items.length > 0 ? <ContinuationLines draw={draw} /> : <p className="muted">No lines.</p>}
      <Paperwork draw={draw} />
      {inspection.length > 0 && <p className="share-draw-note">{inspection.join(' · ')}</p>}
      {draw.note && <p className="share-draw-note">Note: {draw.note}</p>}
    </article>
  );
}

/** The lender draws, by number (shown only when the link includes draws). */
export function SharedDraws({ draws }: { draws: readonly SharedDraw[] }) {
  const sorted = [...draws].sort((a, b) => a.number - b.number);
  return (
    <section className="card share-section" aria-labelledby="shared-draws-title" data-testid="shared-draws">
      <h2 id="shared-draws-title">Draws</h2>
      {sorted.length === 0 ? (
        <p className="muted">No draws yet.</p>
      ) : (
        <div className="share-draws">
          {sorted.map((d) => (
            <DrawCard key={d.id} draw={d} />
          ))}
        </div>
      )}
    </section>
  );
}
