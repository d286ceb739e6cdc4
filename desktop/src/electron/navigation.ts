// The window may only show the terminal core's own pages and the bundled pairing page.

/**
 * True when `target` is on an allowed origin (scheme, host and port all equal), or is exactly an
 * allowed file (query and hash aside): file URLs have no origin to compare.
 */
export function isAllowedNavigation(target: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol === 'file:') return allowed.includes(`file://${url.pathname}`);
  return allowed.includes(url.origin);
}
