// The designer's two context menus (spec 2 section 2.2), opened by a right click, a long press on
// a touch screen, or the Menu key (Shift+F10) on the canvas or a focused item. A WAI-ARIA menu:
// focus starts on the first item, the arrow keys, Home and End move it, Escape or a click outside
// closes it and gives focus back.
import { type MouseEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

interface MenuEntry {
  /** Its name, as read out and as the spec words it. */
  label: string;
  /** Shown instead of the name where a row of small items is short of room ("+2"). */
  short?: string | undefined;
  onSelect: () => void;
  disabled?: boolean | undefined;
}

export interface MenuSection {
  /** A group's name, a menu item of its own that folds the group away and back. */
  title: string;
  /** An entry, or a row of entries side by side. */
  entries: (MenuEntry | MenuEntry[])[];
  /** Starts folded, to keep a long menu within the window. */
  folded?: boolean;
}

function focusables(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')] : [];
}

export function ContextMenu(props: {
  label: string;
  at: { x: number; y: number };
  header?: ReactNode;
  entries?: MenuEntry[];
  sections?: MenuSection[];
  onClose: () => void;
  /** The touch whose long press opened the menu: lifting it clicks what is under the finger,
   * which is the menu itself, and that click is not a choice. */
  openedBy?: number | undefined;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState(props.at);
  const [folded, setFolded] = useState<ReadonlySet<string>>(
    () => new Set((props.sections ?? []).filter((s) => s.folded).map((s) => s.title)),
  );
  const returnTo = useRef<Element | null>(document.activeElement);

  // Kept inside the window: a menu opened near the right or bottom edge opens towards the middle.
  useLayoutEffect(() => {
    const el = menu.current;
    if (!el) return;
    const box = el.getBoundingClientRect();
    setPlace({
      x: Math.max(4, Math.min(props.at.x, window.innerWidth - box.width - 4)),
      y: Math.max(4, Math.min(props.at.y, window.innerHeight - box.height - 4)),
    });
  }, [props.at]);

  useEffect(() => {
    focusables(menu.current)[0]?.focus();
    const outside = (e: PointerEvent) => {
      if (menu.current && !menu.current.contains(e.target as Node)) props.onClose();
    };
    document.addEventListener('pointerdown', outside, true);
    const back = returnTo.current;
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      if (back instanceof HTMLElement || back instanceof SVGElement) back.focus();
    };
  }, [props.onClose]);

  const fromOpeningTouch = (e: MouseEvent<HTMLButtonElement>) =>
    props.openedBy !== undefined && (e.nativeEvent as PointerEvent).pointerId === props.openedBy;
  const choose = (entry: MenuEntry, e: MouseEvent<HTMLButtonElement>) => {
    if (entry.disabled || fromOpeningTouch(e)) return;
    props.onClose();
    entry.onSelect();
  };

  const item = (entry: MenuEntry) => (
    <button
      key={entry.label}
      type="button"
      role="menuitem"
      className="context-menu-item"
      aria-disabled={entry.disabled ? true : undefined}
      tabIndex={-1}
      aria-label={entry.short ? entry.label : undefined}
      onClick={(e) => choose(entry, e)}
    >
      {entry.short ?? entry.label}
    </button>
  );
  const row = (entries: MenuEntry[], i: number) => (
    <div key={`row-${i}`} className="context-menu-row">
      {entries.map(item)}
    </div>
  );

  return (
    <div
      ref={menu}
      role="menu"
      aria-label={props.label}
      className="context-menu"
      data-testid="floor-context-menu"
      style={{ left: place.x, top: place.y }}
      tabIndex={-1}
      onContextMenu={(e) => e.preventDefault()}
      onKeyDown={(e) => {
        const items = focusables(menu.current);
        const at = items.indexOf(document.activeElement as HTMLElement);
        const go = (i: number) => items[(i + items.length) % items.length]?.focus();
        if (e.key === 'ArrowDown') go(at + 1);
        else if (e.key === 'ArrowUp') go(at - 1);
        else if (e.key === 'Home') go(0);
        else if (e.key === 'End') go(items.length - 1);
        else if (e.key === 'Escape' || e.key === 'Tab') props.onClose();
        else return;
        e.preventDefault();
        e.stopPropagation();
      }}
    >
      {props.header ? <div className="context-menu-header">{props.header}</div> : null}
      {props.entries?.map(item)}
      {props.sections?.map((section) => {
        const open = !folded.has(section.title);
        return (
          <div key={section.title} className="context-menu-section">
            <button
              type="button"
              role="menuitem"
              className="context-menu-title"
              aria-expanded={open}
              tabIndex={-1}
              onClick={(e) =>
                !fromOpeningTouch(e) &&
                setFolded((f) => {
                  const next = new Set(f);
                  if (open) next.add(section.title);
                  else next.delete(section.title);
                  return next;
                })
              }
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span> {section.title}
            </button>
            {open ? (
              // biome-ignore lint/a11y/useSemanticElements: a group of menu items inside a menu (WAI-ARIA menu pattern)
              <div role="group" aria-label={section.title} className="context-menu-group">
                {section.entries.map((e, i) => (Array.isArray(e) ? row(e, i) : item(e)))}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
