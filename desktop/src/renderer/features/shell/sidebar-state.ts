// The sidebar's open state survives reloads in a cookie (spec 1 section 2), 7 days.
import { SIDEBAR } from '@tablewise/shared';

export function readSidebarOpen(cookie: string): boolean | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR.cookieName) return value === 'true' ? true : value === 'false' ? false : null;
  }
  return null;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR.cookieName}=${open}; path=/; max-age=${SIDEBAR.cookieMaxAgeSeconds}; samesite=lax`;
}

/** Ctrl+b or Cmd+b toggles the sidebar. */
export function isToggleShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return e.key.toLowerCase() === SIDEBAR.keyboardShortcut && (e.ctrlKey || e.metaKey);
}
