import { Link } from 'react-router';

export function PublicFooter() {
  return (
    <footer className="pub-footer">
      <div className="pub-container pub-footer-inner">
        {/* The landing page is prerendered at build time: the year may differ from the build's. */}
        <p className="pub-muted" style={{ margin: 0 }} suppressHydrationWarning>
          © {new Date().getFullYear()} BuildLedger. Estimates are guides, not quotes.
        </p>
        <nav aria-label="Legal, sources and contact">
          <ul>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/cost-sources">Cost data sources</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
