import { lazy } from 'react';
import { useParams } from 'react-router';
import { balanceText, contingencyNote, headroomNote, paidNote } from '../../features/board/components/budget-summary';
import { CostRange, PredictionFigure } from '../../features/board/components/prediction';
import { shownPrediction } from '../../features/board/money';
import { NARROW_QUERY } from '../../features/board/view-preference';
import { SharedProjectPage } from '../../features/shares/components/shared-project-page';
import type { BoardPieces, SharedScheduleProps, SharedScheduleRenderer } from '../../features/shares/types';
import { useMediaQuery } from '../../lib/use-media-query';

/**
 * The board's read-only pieces the share page is written with: each task's prediction by the
 * board's rule (calibrated when the project uses calibration, fees never), from the link's own
 * summary, written by the board's PredictionFigure; the totals' ranges and the budget summary's
 * notes (under or over budget, Paid, contingency, headroom) in the board's words.
 */
export const sharedBoardPieces: BoardPieces = {
  predictionOf: shownPrediction,
  Prediction: PredictionFigure,
  Range: CostRange,
  words: { balance: balanceText, paidNote, contingencyNote, headroomNote },
};

// The schedule's read-only view (issue 33, features/schedule): its own chunk, fetched once the
// link's answer has a scheduled task, never with the share page's first paint.
const ReadOnlySchedule = lazy(() =>
  import('../../features/schedule/read-only-schedule').then((m) => ({ default: m.ReadOnlySchedule })),
);

/** The timeline from the link's own answer (no request: no login here), the agenda below NARROW_QUERY as on the board. */
function SharedScheduleView({ schedule, dependencies, tasks, project }: SharedScheduleProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  return <ReadOnlySchedule schedule={schedule} links={dependencies} tasks={tasks} calendar={project} narrow={narrow} />;
}

export const renderSharedSchedule: SharedScheduleRenderer = (props) => <SharedScheduleView {...props} />;

/** `/share/:token`: a read-only link, open to anyone who has it (no login, no subscription). */
export default function SharedProjectRoute() {
  const { token = '' } = useParams();
  return <SharedProjectPage key={token} token={token} board={sharedBoardPieces} schedule={renderSharedSchedule} />;
}
