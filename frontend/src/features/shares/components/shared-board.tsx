import { formatIsoDay, formatMoney } from '../../../lib/format';
import { COLUMNS, type BoardPieces, type SharedPrediction, type SharedSummary, type SharedTask } from '../types';
import { columnSlug, tasksByColumn } from '../utils';

function TaskCard({
  task,
  prediction,
  Prediction,
}: {
  task: SharedTask;
  prediction: SharedPrediction | null;
  Prediction: BoardPieces['Prediction'];
}) {
  return (
    <li className="share-task" data-testid="shared-task">
      <h4 className="share-task-title">{task.title}</h4>
      {task.description && <p className="share-task-desc">{task.description}</p>}
      <dl className="share-task-costs">
        <div>
          <dt>Actual cost</dt>
          <dd>{task.actual_cost === null ? '-' : formatMoney(task.actual_cost)}</dd>
        </div>
        <div>
          <dt>Predicted</dt>
          <dd data-testid="shared-task-predicted">
            {prediction === null ? '-' : <Prediction prediction={prediction} />}
          </dd>
        </div>
        <div>
          <dt>Committed</dt>
          <dd>{task.committed_cost === null ? '-' : formatMoney(task.committed_cost)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd data-testid="shared-task-paid">{formatMoney(task.paid_to_date)}</dd>
        </div>
        {task.remaining_to_pay !== null && task.remaining_to_pay !== undefined && (
          <div>
            <dt>Remaining</dt>
            <dd data-testid="shared-task-remaining">{formatMoney(task.remaining_to_pay)}</dd>
          </div>
        )}
      </dl>
      {task.due_date && <p className="share-task-due">Due {formatIsoDay(task.due_date)}</p>}
    </li>
  );
}

/**
 * The board by column (To Do, In Progress, Paid), each with its total (the Paid column's: the
 * final cost of the finished tasks); each task with the prediction the project uses, written by
 * the board's own component; read only.
 */
export function SharedBoard({
  tasks,
  summary,
  squareFootage,
  board,
}: {
  tasks: readonly SharedTask[];
  summary: SharedSummary;
  squareFootage: number | null | undefined;
  board: Pick<BoardPieces, 'predictionOf' | 'Prediction'>;
}) {
  const columns = tasksByColumn(tasks);
  return (
    <section className="share-section" aria-labelledby="shared-board-title">
      <h2 id="shared-board-title">Board</h2>
      <div className="share-board">
        {COLUMNS.map((column) => {
          const slug = columnSlug(column);
          const list = columns[column];
          return (
            <section
              key={column}
              className={`share-column share-column-${slug}`}
              aria-labelledby={`shared-column-${slug}`}
              data-testid={`shared-column-${slug}`}
            >
              <header className="share-column-header">
                <h3 id={`shared-column-${slug}`}>
                  <span className={`share-dot share-dot-${slug}`} aria-hidden="true" />
                  {column}
                  <span className="share-count">
                    {list.length}
                    <span className="visually-hidden"> {list.length === 1 ? 'task' : 'tasks'}</span>
                  </span>
                </h3>
                <span className="share-column-total" data-testid={`shared-total-${slug}`}>
                  {column === 'Paid' && <span className="share-column-total-label">Final cost </span>}
                  {formatMoney(summary.column_totals[column])}
                </span>
              </header>
              {list.length === 0 ? (
                <p className="share-column-empty">No tasks</p>
              ) : (
                <ul className="share-column-body">
                  {list.map((t) => (
                    <TaskCard
                      key={t.id}
                      task={t}
                      prediction={board.predictionOf(t, squareFootage, summary)}
                      Prediction={board.Prediction}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
