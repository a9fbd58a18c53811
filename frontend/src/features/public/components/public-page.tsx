import type { ReactNode } from 'react';
import '../public.css';
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
