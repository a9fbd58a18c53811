import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Navbar } from '../components/Navbar';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <div className="app-shell">
      <Navbar />
      <main className="page narrow">
        <div className="card">
          <h1>Something went wrong</h1>
          <p className="muted">{message}</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>{' '}
          <Link className="btn" to="/">Home</Link>
        </div>
      </main>
    </div>
  );
}
