import { useParams } from 'react-router';
import { balanceText, contingencyNote, headroomNote, paidNote } from '../../features/board/components/budget-summary';
import { CostRange, PredictionFigure } from '../../features/board/components/prediction';
import { shownPrediction } from '../../features/board/money';
import { SharedProjectPage } from '../../features/shares/components/shared-project-page';
import type { BoardPieces } from '../../features/shares/types';

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

/** `/share/:token`: a read-only link, open to anyone who has it (no login, no subscription). */
export default function SharedProjectRoute() {
  const { token = '' } = useParams();
  return <SharedProjectPage key={token} token={token} board={sharedBoardPieces} />;
}
