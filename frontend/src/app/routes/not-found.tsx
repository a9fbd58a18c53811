import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';

export default function NotFound() {
  // An unknown address answers 200 with the app (DECISIONS.md): noindex keeps it out of search results.
  usePageMeta({
    title: 'Page not found – BuildLedger',
    description: 'The page you are looking for does not exist on BuildLedger.',
    robots: 'noindex',
  });
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
