import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';

export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <main className="page narrow">
      <div className="card">
        <h1>Something went wrong</h1>
        <p className="muted">{message}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>{' '}
        <Link className="btn" to="/">
          Home
        </Link>
      </div>
    </main>
  );
}

interface Props {
  children: ReactNode;
  /** A new value (the path) clears the error. */
  resetKey: string;
}

/** Catches render errors and failed chunk loads of a page; navigating elsewhere resets it. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page error', error, info.componentStack);
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
