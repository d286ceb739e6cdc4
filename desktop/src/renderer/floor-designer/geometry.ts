// Hit testing and resizing as pure functions (excalidraw's collision.ts): a cheap bounding-box
// test first, then the item's own rotated rectangle.
import { FLOOR_DESIGN, type FloorLayout, type Point, type Rect } from '@tablewise/shared';

export const HANDLES = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'] as const;
export type Handle = (typeof HANDLES)[number];

export type Hit = { kind: 'component'; id: string } | { kind: 'zone'; id: string } | null;

function rotatedContains(r: Rect & { rotation?: number }, p: Point): boolean {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const a = (-(r.rotation ?? 0) * Math.PI) / 180;
  const dx = p.x - cx;
  const dy = p.y - cy;
  const lx = dx * Math.cos(a) - dy * Math.sin(a);
  const ly = dx * Math.sin(a) + dy * Math.cos(a);
  return Math.abs(lx) <= r.width / 2 && Math.abs(ly) <= r.height / 2;
}

function boundsContain(r: Rect, p: Point): boolean {
  // The rotated rectangle fits in the circle round its centre: a cheap first refusal.
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const radius = Math.hypot(r.width, r.height) / 2;
  return Math.abs(p.x - cx) <= radius && Math.abs(p.y - cy) <= radius;
}

/** What is under a point: the top-most component (highest zIndex, then the last placed), else the
 * top-most zone. */
export function hitTest(layout: Pick<FloorLayout, 'components' | 'zones'>, p: Point): Hit {
  let best: { id: string; z: number; i: number } | null = null;
  layout.components.forEach((c, i) => {
    if (!boundsContain(c, p) || !rotatedContains(c, p)) return;
    if (!best || c.zIndex > best.z || (c.zIndex === best.z && i > best.i)) best = { id: c.id, z: c.zIndex, i };
  });
  if (best) return { kind: 'component', id: (best as { id: string }).id };
  for (let i = layout.zones.length - 1; i >= 0; i--) {
    const z = layout.zones[i];
    if (z && rotatedContains(z, p)) return { kind: 'zone', id: z.id };
  }
  return null;
}

/** A rectangle resized by dragging `handle` by (dx, dy), never below `min` on either side. */
export function resizeRect(r: Rect, handle: Handle, dx: number, dy: number, min: number): Rect {
  let { x, y, width, height } = r;
  if (handle.includes('e')) width = Math.max(min, r.width + dx);
  if (handle.includes('s')) height = Math.max(min, r.height + dy);
  if (handle.includes('w')) {
    width = Math.max(min, r.width - dx);
    x = r.x + r.width - width;
  }
  if (handle.includes('n')) {
    height = Math.max(min, r.height - dy);
    y = r.y + r.height - height;
  }
  return { x, y, width, height };
}

/** Where a handle sits on a rectangle. */
export function handlePoint(r: Rect, handle: Handle): Point {
  const x = handle.includes('w') ? r.x : handle.includes('e') ? r.x + r.width : r.x + r.width / 2;
  const y = handle.includes('n') ? r.y : handle.includes('s') ? r.y + r.height : r.y + r.height / 2;
  return { x, y };
}

/** The angle from an item's centre to the pointer, in rotation steps of 45 degrees when snapping. */
export function rotationTo(r: Rect, p: Point, snapToStep: boolean): number {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const deg = (Math.atan2(p.y - cy, p.x - cx) * 180) / Math.PI + 90;
  const norm = ((deg % 360) + 360) % 360;
  const step = FLOOR_DESIGN.rotationStep;
  return snapToStep ? (Math.round(norm / step) * step) % 360 : Math.round(norm);
}

/** Two clicks of the zone tool as a rectangle; a second click on the first gives the preview size. */
export function zoneRect(from: Point, to: Point): Rect {
  // Whole layout units: the clicks land wherever the screen's scale puts them (270.0000181).
  const a = { x: Math.round(from.x), y: Math.round(from.y) };
  const b = { x: Math.round(to.x), y: Math.round(to.y) };
  const width = Math.abs(b.x - a.x);
  const height = Math.abs(b.y - a.y);
  if (width < FLOOR_DESIGN.minZoneSize && height < FLOOR_DESIGN.minZoneSize) {
    return { x: a.x, y: a.y, ...FLOOR_DESIGN.zonePreview };
  }
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.max(FLOOR_DESIGN.minZoneSize, width),
    height: Math.max(FLOOR_DESIGN.minZoneSize, height),
  };
}
