import { describe, expect, it } from 'vitest';
import { isToggleShortcut, readSidebarOpen, sidebarCookie } from './sidebar-state.js';

describe('sidebar state cookie', () => {
  it.each([
    ['sidebar_state=true', true],
    ['a=1; sidebar_state=false; b=2', false],
    ['sidebar_state=maybe', null],
    ['other=true', null],
    ['', null],
  ])('%s → %s', (cookie, open) => {
    expect(readSidebarOpen(cookie)).toBe(open);
  });
  it('is written for 7 days under the spec name', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
  });
  it.each([
    [{ key: 'b', ctrlKey: true, metaKey: false }, true],
    [{ key: 'B', ctrlKey: false, metaKey: true }, true],
    [{ key: 'b', ctrlKey: false, metaKey: false }, false],
    [{ key: 'c', ctrlKey: true, metaKey: false }, false],
  ])('%o toggles: %s', (e, yes) => {
    expect(isToggleShortcut(e)).toBe(yes);
  });
});
