import type { ReactNode } from 'react';

export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="pub-pagehead">
      <div className="pub-container">
        {eyebrow && <span className="pub-eyebrow">{eyebrow}</span>}
        <h1>{title}</h1>
        {children && <div className="pub-lead">{children}</div>}
      </div>
    </header>
  );
}
