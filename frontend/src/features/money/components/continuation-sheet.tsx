import { formatIsoDay } from '../../../lib/format';
import { SHEET_COLUMNS, retainageWords, sheetRows, sheetTotals } from '../continuation';
import type { Draw } from '../types';
import { ScrollTable } from './scroll-table';

/**
 * A draw's continuation sheet on screen (in the spirit of AIA G703): per line its scheduled
 * value, what earlier draws covered, this period, completed to date, percent, balance to finish,
 * retainage and net, then the totals — the server's figures, formatted. On a phone the table
 * scrolls sideways inside its own region.
 */
export function ContinuationSheet({ draw }: { draw: Draw }) {
  const rows = sheetRows(draw);
  const totals = sheetTotals(draw);
  const inspected = draw.inspected_on || draw.inspector || draw.inspection_note;
  return (
    <div className="draw-sheet" data-testid="continuation-sheet">
      <p className="muted draw-sheet-scroll-hint" data-testid="sheet-scroll-hint">
        Scroll sideways for every column.
      </p>
      <ScrollTable label={`Draw ${draw.number} continuation sheet`}>
        <table className="table draw-sheet-table">
          <caption className="visually-hidden">Continuation sheet of draw {draw.number}</caption>
          <thead>
            <tr>
              {SHEET_COLUMNS.map((c, i) => (
                <th key={c} scope="col" className={i === 0 ? undefined : 'num'}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={`${row.task ?? 'deleted'}-${r}`}>
                <th scope="row">{row.cells[0]}</th>
                {row.cells.slice(1).map((cell, i) => (
                  <td key={SHEET_COLUMNS[i + 1]} className="num">
                    {cell}
                    {i === 4 && row.inspected && (
                      <span className="money-cell-note">
                        {row.inspectorDiffers ? `inspector: ${row.inspectorDiffers}` : 'inspector'}
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="continuation-total">
              <th scope="row">{totals[0]}</th>
              {totals.slice(1).map((cell, i) => (
                <td key={SHEET_COLUMNS[i + 1]} className="num">
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </ScrollTable>
      <p className="muted draw-sheet-note">
        {retainageWords(draw.retainage_percent)}
        {draw.retainage_percent > 0 ? ' Net is this period less its retainage.' : ''}
        {draw.final ? ' This is the final draw.' : ''}
      </p>
      {inspected && (
        <p className="draw-sheet-note" data-testid="draw-inspection">
          Inspected{draw.inspected_on ? ` ${formatIsoDay(draw.inspected_on)}` : ''}
          {draw.inspector ? ` by ${draw.inspector}` : ''}
          {draw.inspection_note ? `: ${draw.inspection_note}` : '.'}
        </p>
      )}
      {draw.status === 'funded' && draw.note && (
        <p className="draw-sheet-note" data-testid="draw-funded-note">
          Note: {draw.note}
        </p>
      )}
    </div>
  );
}
