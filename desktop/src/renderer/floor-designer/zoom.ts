// The canvas's zoom (spec 2 sections 2.2 and 9): the buttons step by 0.1, a pinch follows the
// fingers; both stay within the same limits and land on the same 0.1 steps, so the readout says
// the same whichever way the zoom was reached. A pinch starts only once the fingers have moved
// 10 px apart or together, so a two-finger tap does not zoom.
import { FLOOR_DESIGN } from '@tablewise/shared';

const PINCH_THRESHOLD_PX = 10;
/** The buttons never reach 0: the least zoom is one step. */
const LEAST = Math.max(FLOOR_DESIGN.zoomMin, FLOOR_DESIGN.zoomStep);

/**
 * A zoom on the steps and within the limits.
 * @internal
 */
export function clampZoom(zoom: number): number {
  const stepped = Math.round(zoom / FLOOR_DESIGN.zoomStep) * FLOOR_DESIGN.zoomStep;
  return Math.min(FLOOR_DESIGN.zoomMax, Math.max(LEAST, Math.round(stepped * 10) / 10));
}

/** The + and - buttons. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  return clampZoom(zoom + direction * FLOOR_DESIGN.zoomStep);
}

/** A pinch: the zoom it started at, scaled by how far the fingers are apart now against then. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0 || Math.abs(distance - startDistance) < PINCH_THRESHOLD_PX) return startZoom;
  return clampZoom(startZoom * (distance / startDistance));
}

/** The readout beside the buttons: "120%". */
export function zoomReadout(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}
