// The canvas's pointer tools as small state machines (tldraw's idle / pointing / dragging): the
// select tool moves, resizes and rotates; the zone tool takes two clicks. Escape cancels either,
// putting back what the gesture changed.
import type { Point, Rect, ZoneType } from '@tablewise/shared';
import type { Handle } from '../geometry.js';

export type Target = { kind: 'component' | 'zone'; id: string };

export type ToolState =
  | { kind: 'idle' }
  | { kind: 'pointing'; target: Target; origin: Point; start: Rect }
  | { kind: 'dragging'; target: Target; origin: Point; start: Rect }
  | { kind: 'resizing'; target: Target; handle: Handle; origin: Point; start: Rect }
  | { kind: 'rotating'; target: Target }
  | { kind: 'panning'; origin: Point; startPan: Point }
  | { kind: 'zone-first'; type: ZoneType; name?: string | undefined }
  | { kind: 'zone-second'; type: ZoneType; name?: string | undefined; first: Point; hover: Point };

/** Pointer travel before a press on an item becomes a drag (spec 2 section 9: drag 3). */
const DRAG_THRESHOLD = 3;

/** The pointer moved while pointing: still pointing, or now dragging. */
export function afterMove(state: ToolState, p: Point): ToolState {
  if (state.kind !== 'pointing') return state;
  const moved = Math.hypot(p.x - state.origin.x, p.y - state.origin.y);
  return moved >= DRAG_THRESHOLD ? { ...state, kind: 'dragging' } : state;
}

/** Where a dragged item's corner goes: its start plus the pointer's travel, snapped when asked. */
export function dragTo(state: Extract<ToolState, { kind: 'dragging' }>, p: Point, snapStep: number | null): Point {
  const x = state.start.x + p.x - state.origin.x;
  const y = state.start.y + p.y - state.origin.y;
  if (!snapStep) return { x: Math.round(x), y: Math.round(y) };
  return { x: Math.round(x / snapStep) * snapStep, y: Math.round(y / snapStep) * snapStep };
}
