import { Link } from 'react-router';
import { useAppPageMeta } from '../../lib/page-meta';

export default function NotFound() {
  useAppPageMeta('Page not found', 'The page you are looking for does not exist on BuildLedger.');
  return (
    <main className="page narrow center">
      <div className="card">
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist.</p>
        <Link className="btn btn-primary" to="/">
          Go home
        </Link>
      </div>
    </main>
  );
}
