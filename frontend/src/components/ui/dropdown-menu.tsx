import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { headerBottom, placeMenu, type MenuPlace } from './menu-placement';
import './menu.css';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** For a radio group: whether this is the current choice. */
  checked?: boolean;
  danger?: boolean;
}

export interface MenuSection {
  /** Shown above the section and names its group. */
  label?: string;
  /** A choice of one (menuitemradio with aria-checked) rather than actions. */
  radio?: boolean;
  items: MenuItem[];
}

interface Props {
  /** The button's accessible name, also the menu's. */
  label: string;
  /** The button's visible content (an icon, a word). */
  children: ReactNode;
  sections: MenuSection[];
  buttonClassName?: string;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
}

/**
 * A button with a popup menu (WAI-ARIA menu button): Arrow keys, Home and End move, Escape and
 * Tab close, the first item (or the checked one) takes focus. The menu is placed in the viewport
 * (fixed), so no scrolling container clips it: below the button, else above it, never under the
 * sticky site header (./menu-placement.ts).
 */
export function DropdownMenu({ label, children, sections, buttonClassName = 'btn', align = 'end' }: Props) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<MenuPlace | null>(null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    setPlace(null);
    if (focusButton) buttonRef.current?.focus({ preventScroll: true });
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    const button = buttonRef.current;
    const menu = menuRef.current;
    if (!button || !menu) return;
    const p = placeMenu({
      anchor: button.getBoundingClientRect(),
      width: menu.offsetWidth,
      height: menu.offsetHeight,
      viewportWidth: window.innerWidth,
      viewportHeight: window.innerHeight,
      topEdge: headerBottom(),
      align,
    });
    setPlace(p);
    const items = Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]'));
    (items.find((i) => i.getAttribute('aria-checked') === 'true') ?? items[0])?.focus({ preventScroll: true });
  }, [open, align]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) close(false);
    };
    const onMove = () => close(false);
    // The page moving takes the button away; the menu's own scrolling (a long menu) does not.
    const onScroll = (e: Event) => {
      if (!(e.target instanceof Node && menuRef.current?.contains(e.target))) close(false);
    };
    document.addEventListener('pointerdown', onDown);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [open, close]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    const i = items.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => {
      e.preventDefault();
      items[(n + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  const pick = (item: MenuItem) => {
    close(true);
    item.onSelect();
  };

  return (
    <div className="menu">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        {children}
      </button>
      {open && (
        // The menu's keys are handled here for all of its items (roving focus).
        <div
          ref={menuRef}
          id={menuId}
          className="menu-popover menu-floating"
          role="menu"
          aria-label={label}
          // A menu that scrolls takes the focus too (the arrows move through its items either way).
          tabIndex={place?.maxHeight ? 0 : undefined}
          onKeyDown={onMenuKey}
          style={
            place
              ? {
                  top: place.top,
                  left: place.left,
                  maxHeight: place.maxHeight,
                  overflowY: place.maxHeight ? 'auto' : undefined,
                  // Its own scrolling stops at its ends: the page scrolling on would close it.
                  overscrollBehavior: place.maxHeight ? 'contain' : undefined,
                }
              : { visibility: 'hidden', top: 0, left: 0 }
          }
        >
          {sections.map((section, si) => (
            <div key={section.label ?? si} role="group" aria-label={section.label} className="menu-group">
              {si > 0 && <div role="separator" className="menu-separator" />}
              {section.label && (
                <div className="menu-heading" aria-hidden="true">
                  {section.label}
                </div>
              )}
              {section.items.map((item) => (
                <button
                  key={item.label}
                  type="button"
                  role={section.radio ? 'menuitemradio' : 'menuitem'}
                  aria-checked={section.radio ? Boolean(item.checked) : undefined}
                  tabIndex={-1}
                  className={`menu-item${item.danger ? ' danger' : ''}${section.radio ? ' menu-radio' : ''}`}
                  onClick={() => pick(item)}
                >
                  {section.radio && (
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="menu-check">
                      {item.checked && <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2.4" />}
                    </svg>
                  )}
                  {item.label}
                </button>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
