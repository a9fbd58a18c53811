import { useParams } from 'react-router';
import { SharedProjectPage } from '../../features/shares/components/shared-project-page';

/** `/share/:token`: a read-only link, open to anyone who has it (no login, no subscription). */
export default function SharedProjectRoute() {
  const { token = '' } = useParams();
  return <SharedProjectPage key={token} token={token} />;
}
