import type { ReactNode } from 'react';
import '../page.css';
import '../forms-results.css';
import '../articles.css';
import '../estimate-lines.css';
import { PublicFooter } from './public-footer';

/** Wrapper for every public page: scoped styles, content, and the legal footer. */
export function PublicPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={`pub${className ? ` ${className}` : ''}`}>
      <main>{children}</main>
      <PublicFooter />
    </div>
  );
}
