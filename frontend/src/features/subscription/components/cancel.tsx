import { Link } from 'react-router';

export function Cancel() {
  return (
    <main className="page narrow center">
      <div className="card">
        <h1>Subscription Cancelled</h1>
        <p className="muted">Your checkout was cancelled and you have not been charged.</p>
        <Link className="btn btn-primary" to="/choose-plan">
          Back to Subscription Plans
        </Link>
      </div>
    </main>
  );
}
