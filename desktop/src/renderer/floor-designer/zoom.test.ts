import { describe, expect, it } from 'vitest';
import { clampZoom, pinchZoom, stepZoom, zoomReadout } from './zoom.js';

describe('zoom', () => {
  it('steps by 0.1 between the limits', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(0.1, -1)).toBe(0.1);
    expect(stepZoom(100, 1)).toBe(100);
    expect(zoomReadout(stepZoom(1, -1))).toBe('90%');
  });

  it('follows a pinch on the same steps, past a 10 px threshold', () => {
    expect(pinchZoom(1, 100, 105)).toBe(1);
    expect(pinchZoom(1, 100, 150)).toBe(1.5);
    expect(pinchZoom(1, 200, 100)).toBe(0.5);
    expect(pinchZoom(1, 100, 100_000)).toBe(100);
    expect(pinchZoom(1, 1000, 11)).toBe(0.1);
    expect(clampZoom(1.234)).toBe(1.2);
  });
});
