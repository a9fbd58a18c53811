import { Suspense, useEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { Navbar } from '../components/navbar';
import { RouteErrorBoundary } from './route-error';

/** New pages start at the top (or at their #anchor); Back/Forward keep the browser's restoration. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === NavigationType.Pop) return;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <div id="main" className="app-main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense
            fallback={
              <p className="page-loading" role="status">
                Loading...
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </div>
      <ScrollToTop />
    </div>
  );
}
