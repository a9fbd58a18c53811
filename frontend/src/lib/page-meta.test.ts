import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppPageMeta } from './page-meta';

describe('useAppPageMeta', () => {
  it('sets "<title> – BuildLedger" and the description, replacing the previous page’s', () => {
    const { rerender } = renderHook(({ t }) => useAppPageMeta(t, `About ${t}`), {
      initialProps: { t: 'Your Projects' },
    });
    expect(document.title).toBe('Your Projects – BuildLedger');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      'About Your Projects',
    );
    rerender({ t: 'Account Settings' });
    expect(document.title).toBe('Account Settings – BuildLedger');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
