import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageMeta } from './use-page-meta';

const content = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

describe('usePageMeta', () => {
  it('sets title, description, robots, keywords and an absolute canonical link', () => {
    renderHook(() => usePageMeta({ title: 'A page', description: 'About a page', keywords: 'a, b' }));
    expect(document.title).toBe('A page');
    expect(content('description')).toBe('About a page');
    expect(content('robots')).toBe('index, follow');
    expect(content('keywords')).toBe('a, b');
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    expect(canonical?.href).toBe(`${window.location.origin}${window.location.pathname}`);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });

  it('replaces the tags of the previous page instead of adding more', () => {
    renderHook(() => usePageMeta({ title: 'First', description: 'one', keywords: 'x' }));
    renderHook(() => usePageMeta({ title: 'Second', description: 'two' }));
    expect(document.title).toBe('Second');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(content('description')).toBe('two');
    expect(content('keywords')).toBeUndefined();
  });
});
