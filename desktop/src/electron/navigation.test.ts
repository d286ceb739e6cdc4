import { describe, expect, it } from 'vitest';
import { isAllowedNavigation } from './navigation.js';

describe('isAllowedNavigation', () => {
  const allowed = ['http://127.0.0.1:8181', 'file:///opt/tablewise/out/renderer/pairing/index.html'];
  it.each([
    ['http://127.0.0.1:8181/kitchen-display', true],
    ['http://127.0.0.1:8181/', true],
    ['http://127.0.0.1:8182/', false],
    ['http://localhost:8181/', false],
    ['https://127.0.0.1:8181/', false],
    ['https://evil.example/', false],
    ['file:///opt/tablewise/out/renderer/pairing/index.html', true],
    ['file:///opt/tablewise/out/renderer/pairing/index.html#x', true],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => {
    expect(isAllowedNavigation(url, allowed)).toBe(ok);
  });
});
