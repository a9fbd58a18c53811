import { useParams } from 'react-router';
import { shownPrediction } from '../../features/board/money';
import { SharedProjectPage } from '../../features/shares/components/shared-project-page';

/**
 * `/share/:token`: a read-only link, open to anyone who has it (no login, no subscription). Each
 * task shows its prediction by the board's rule (calibrated when the project uses calibration,
 * fees never), from the link's own summary.
 */
export default function SharedProjectRoute() {
  const { token = '' } = useParams();
  return <SharedProjectPage key={token} token={token} predictionOf={shownPrediction} />;
}
