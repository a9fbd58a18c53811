import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Navbar } from '../components/Navbar';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">Skip to content</a>
      <Navbar />
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <div id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading...</p>}>
          <Outlet />
        </Suspense>
      </div>
      <ScrollRestoration />
    </div>
  );
}
