// The canvas: a fixed 800x600 view (spec 2 section 2.2) over the layout, with pan and zoom. In
// edit mode the select tool moves, resizes (eight handles) and rotates the selected item, and the
// zone tool draws a zone with two clicks and a 100x80 preview. Two fingers pinch the zoom; a long
// press on a touch screen opens the context menu as a right click does; every item takes focus,
// and the Menu key (or Shift+F10) opens its menu.
import { FLOOR_DESIGN, type FloorComponent, type FloorLayout, type Point, type Rect, snap } from '@tablewise/shared';
import { type KeyboardEvent, memo, type PointerEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { addZone, moveComponent, rotateComponent, setComponentRect, updateZone } from './editing.js';
import { HANDLES, type Handle, handlePoint, hitTest, resizeRect, rotationTo, zoneRect } from './geometry.js';
import type { DesignStore } from './history.js';
import { type ItemAccess, type TableLook, TableShape } from './shapes/table/table-shape.js';
import { ZoneShape } from './shapes/zone/zone-shape.js';
import { afterMove, dragTo, type Target, type ToolState } from './tools/select-tool.js';
import { pinchZoom } from './zoom.js';

/** A press held this long without moving opens the context menu on a touch screen. */
const LONG_PRESS_MS = 500;
/** Travel that makes a press a pan or a drag rather than a long press (spec 2 section 9: pan 8). */
const LONG_PRESS_SLOP_PX = 8;

/** The Menu key, or Shift+F10: the keyboard's right click. */
function isMenuKey(e: KeyboardEvent): boolean {
  return e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10');
}

const sameLook = (a: TableLook, b: TableLook) =>
  a.fill === b.fill && a.stroke === b.stroke && a.label === b.label && a.detail === b.detail && a.state === b.state;
const sameAccess = (a: ItemAccess | undefined, b: ItemAccess | undefined) =>
  a?.label === b?.label && a?.hasMenu === b?.hasMenu;

/** Items drawn again only when they or their looks change: a drag moves one table of hundreds, and
 * redrawing the rest on every pointer move cost the frames (bench F1). Their keyboard handlers
 * read the canvas's latest props (accessOf), so a kept item's handlers are never stale. */
const Table = memo(TableShape, (a, b) => a.c === b.c && sameLook(a.look, b.look) && sameAccess(a.access, b.access));
const Zone = memo(
  ZoneShape,
  (a, b) => a.zone === b.zone && a.selected === b.selected && sameAccess(a.access, b.access),
);

export interface Selection {
  kind: 'component' | 'zone';
  id: string;
}

export interface FloorCanvasProps {
  layout: FloorLayout;
  store?: DesignStore | undefined;
  editable: boolean;
  zoom: number;
  pan: Point;
  onPan: (pan: Point) => void;
  gridSnap: boolean;
  selection: Selection | null;
  onSelect: (s: Selection | null) => void;
  tool: ToolState;
  onTool: (t: ToolState) => void;
  lookOf: (c: FloorComponent) => TableLook;
  /** Changes whenever what lookOf and itemLabel answer for an unchanged item may change (the
   * tables' states they colour by). With it, an item whose object is unchanged keeps the element
   * drawn for it, and React skips it outright: a drag step redraws the moved table alone, however
   * many the floor holds (bench F1). Without it every item is made again each render. */
  lookKey?: unknown;
  /** A right click, a long press (with its touch's pointer id) or the Menu key asks for a menu. */
  onContextMenu?: ((at: { x: number; y: number }, target: Selection | null, pointerId?: number) => void) | undefined;
  onEditNumber?: ((id: string) => void) | undefined;
  newId: () => string;
  label: string;
  /** The pinch's new zoom; without it two fingers do not zoom. */
  onZoom?: ((zoom: number) => void) | undefined;
  /** What a keyboard user hears for an item; with it, every item takes focus. */
  itemLabel?: ((target: Selection) => string) | undefined;
  /** Enter or Space on a focused item. */
  onActivate?: ((target: Selection) => void) | undefined;
}

function rectOf(layout: FloorLayout, t: Target): Rect | null {
  const found =
    t.kind === 'component' ? layout.components.find((c) => c.id === t.id) : layout.zones.find((z) => z.id === t.id);
  return found ? { x: found.x, y: found.y, width: found.width, height: found.height } : null;
}

export function FloorCanvas(props: FloorCanvasProps) {
  const { layout, store, editable, zoom, pan, selection, tool, onTool } = props;
  const svg = useRef<SVGSVGElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const [hover, setHover] = useState<Point | null>(null);
  /** Where each finger (or pointer) is pressed, by pointer id: two make a pinch. */
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const longPress = useRef<{ timer: ReturnType<typeof setTimeout>; at: Point } | null>(null);
  const cancelLongPress = () => {
    if (longPress.current) clearTimeout(longPress.current.timer);
    longPress.current = null;
  };
  // A long press still timing when the canvas goes away must not open a menu on nothing.
  useEffect(
    () => () => {
      if (longPress.current) clearTimeout(longPress.current.timer);
    },
    [],
  );
  const width = FLOOR_DESIGN.viewWidth / zoom;
  const height = FLOOR_DESIGN.viewHeight / zoom;

  const toCanvas = (e: { clientX: number; clientY: number }): Point => {
    const el = svg.current;
    const ctm = el?.getScreenCTM();
    if (!el || !ctm) return { x: 0, y: 0 };
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  };
  const snapStep = props.gridSnap ? FLOOR_DESIGN.snap : null;

  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const openMenuAt = (client: Point, pointerId: number) => {
    if (!props.onContextMenu) return;
    const hit = hitTest(layout, toCanvas({ clientX: client.x, clientY: client.y }));
    if (hit) props.onSelect(hit);
    props.onContextMenu(client, hit, pointerId);
  };

  const down = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2 && props.onZoom) {
      // A second finger: the gesture is a pinch, whatever the first one began.
      cancelLongPress();
      pinch.current = { distance: spread(), zoom };
      if (tool.kind !== 'idle' && !tool.kind.startsWith('zone')) onTool({ kind: 'idle' });
      return;
    }
    if (pointers.current.size > 1) return;
    if (e.pointerType === 'touch' && props.onContextMenu) {
      const at = { x: e.clientX, y: e.clientY };
      const { pointerId } = e;
      longPress.current = {
        at,
        timer: setTimeout(() => {
          longPress.current = null;
          onTool({ kind: 'idle' });
          openMenuAt(at, pointerId);
        }, LONG_PRESS_MS),
      };
    }
    const p = toCanvas(e);
    (e.target as Element).setPointerCapture?.(e.pointerId);
    if (tool.kind === 'zone-first') {
      onTool({ kind: 'zone-second', type: tool.type, name: tool.name, first: p, hover: p });
      return;
    }
    if (tool.kind === 'zone-second') {
      // Both corners on the grid when it snaps, so the zone's edges are too.
      const onGrid = (q: Point) => (snapStep ? { x: snap(q.x, snapStep), y: snap(q.y, snapStep) } : q);
      const snapped = zoneRect(onGrid(tool.first), onGrid(p));
      const id = props.newId();
      store?.apply((l) => addZone(l, tool.type, snapped, () => id, tool.name));
      props.onSelect({ kind: 'zone', id });
      onTool({ kind: 'idle' });
      return;
    }
    const handle = (e.target as Element).getAttribute('data-handle') as Handle | 'rotate' | null;
    if (editable && selection && handle) {
      const start = rectOf(layout, selection);
      if (!start) return;
      store?.mark();
      onTool(
        handle === 'rotate'
          ? { kind: 'rotating', target: selection }
          : { kind: 'resizing', target: selection, handle, origin: p, start },
      );
      return;
    }
    const hit = hitTest(layout, p);
    if (!hit) {
      props.onSelect(null);
      onTool({ kind: 'panning', origin: { x: e.clientX, y: e.clientY }, startPan: pan });
      return;
    }
    props.onSelect(hit);
    const start = rectOf(layout, hit);
    if (editable && start) onTool({ kind: 'pointing', target: hit, origin: p, start });
  };

  const move = (e: PointerEvent<SVGSVGElement>) => {
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch.current) {
      if (pointers.current.size === 2) props.onZoom?.(pinchZoom(pinch.current.zoom, pinch.current.distance, spread()));
      return;
    }
    const pressed = longPress.current;
    if (pressed && Math.hypot(e.clientX - pressed.at.x, e.clientY - pressed.at.y) > LONG_PRESS_SLOP_PX) {
      cancelLongPress();
    }
    const p = toCanvas(e);
    if (tool.kind === 'zone-second') {
      onTool({ ...tool, hover: p });
      return;
    }
    if (tool.kind === 'zone-first') {
      setHover(p);
      return;
    }
    if (tool.kind === 'panning') {
      const svgEl = svg.current;
      const scale = svgEl ? width / svgEl.getBoundingClientRect().width : 1;
      props.onPan({
        x: tool.startPan.x - (e.clientX - tool.origin.x) * scale,
        y: tool.startPan.y - (e.clientY - tool.origin.y) * scale,
      });
      return;
    }
    if (tool.kind === 'pointing') {
      const next = afterMove(tool, p);
      if (next !== tool) {
        store?.mark();
        onTool(next);
      }
      return;
    }
    if (tool.kind === 'dragging') {
      const to = dragTo(tool, p, snapStep);
      const { target } = tool;
      store?.preview((l) =>
        target.kind === 'component' ? moveComponent(l, target.id, to) : updateZone(l, target.id, to),
      );
      return;
    }
    if (tool.kind === 'resizing') {
      const min = tool.target.kind === 'zone' ? FLOOR_DESIGN.minZoneSize : FLOOR_DESIGN.minComponentSize;
      let r = resizeRect(tool.start, tool.handle, p.x - tool.origin.x, p.y - tool.origin.y, min);
      if (snapStep)
        r = {
          x: snap(r.x, snapStep),
          y: snap(r.y, snapStep),
          width: Math.max(min, snap(r.width, snapStep)),
          height: Math.max(min, snap(r.height, snapStep)),
        };
      const { target } = tool;
      store?.preview((l) =>
        target.kind === 'component' ? setComponentRect(l, target.id, r) : updateZone(l, target.id, r),
      );
      return;
    }
    if (tool.kind === 'rotating') {
      const start = rectOf(layout, tool.target);
      if (!start) return;
      const id = tool.target.id;
      store?.preview((l) => rotateComponent(l, id, rotationTo(start, p, !e.shiftKey)));
    }
  };

  const up = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    cancelLongPress();
    if (pinch.current) {
      // The pinch ends when its fingers lift; a finger left behind does not start a pan.
      if (pointers.current.size === 0) pinch.current = null;
      return;
    }
    if (['pointing', 'dragging', 'resizing', 'rotating', 'panning'].includes(tool.kind)) onTool({ kind: 'idle' });
  };

  const selected = selection ? rectOf(layout, selection) : null;
  const selectedComponent =
    selection?.kind === 'component' ? layout.components.find((c) => c.id === selection.id) : undefined;
  const preview =
    tool.kind === 'zone-second'
      ? zoneRect(tool.first, tool.hover)
      : tool.kind === 'zone-first' && hover
        ? { x: hover.x, y: hover.y, ...FLOOR_DESIGN.zonePreview }
        : null;
  const handleSize = 10 / zoom;

  const accessOf = (target: Selection): ItemAccess | undefined => {
    if (!props.itemLabel) return undefined;
    return {
      label: props.itemLabel(target),
      hasMenu: !!props.onContextMenu,
      // In the designer focus selects, as a click does; on the live floor selecting opens Quick
      // Actions, which waits for Enter.
      onFocus: () => {
        if (latest.current.editable) latest.current.onSelect(target);
      },
      onKeyDown: (e) => {
        const now = latest.current;
        if (isMenuKey(e) && now.onContextMenu) {
          e.preventDefault();
          e.stopPropagation();
          const box = (e.currentTarget as Element).getBoundingClientRect();
          now.onSelect(target);
          now.onContextMenu({ x: box.left + box.width / 2, y: box.top + box.height / 2 }, target);
        } else if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          now.onActivate?.(target);
        }
      },
    };
  };

  // An item's element, made once for its object while lookKey holds (see the prop).
  const drawnItems = useRef<{ key: unknown; elements: WeakMap<FloorComponent, ReactElement> }>({
    key: undefined,
    elements: new WeakMap(),
  });
  if (props.lookKey === undefined || drawnItems.current.key !== props.lookKey) {
    drawnItems.current = { key: props.lookKey, elements: new WeakMap() };
  }
  const itemOf = (c: FloorComponent): ReactElement => {
    const kept = drawnItems.current.elements.get(c);
    if (kept) return kept;
    const made = <Table key={c.id} c={c} look={props.lookOf(c)} access={accessOf({ kind: 'component', id: c.id })} />;
    drawnItems.current.elements.set(c, made);
    return made;
  };

  // The table being dragged is drawn on a layer of its own over the floor, the rest of the floor
  // left as it was when the drag began: Chromium then paints one table a step, not the whole floor
  // (bench F1: painting 200 tables was most of a frame). Its outline and handles come back on drop.
  const draggedId = editable && tool.kind === 'dragging' && tool.target.kind === 'component' ? tool.target.id : null;
  const dragged = draggedId ? layout.components.find((c) => c.id === draggedId) : undefined;
  const viewBox = `${pan.x} ${pan.y} ${width} ${height}`;

  return (
    <div className="floor-canvas-frame">
      <svg
        ref={svg}
        className="floor-canvas"
        role="application"
        aria-label={props.label}
        viewBox={viewBox}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        tabIndex={props.onContextMenu ? 0 : undefined}
        onKeyDown={(e) => {
          // The canvas itself focused (no item): its own menu.
          if (e.target !== e.currentTarget || !isMenuKey(e) || !props.onContextMenu) return;
          e.preventDefault();
          const box = e.currentTarget.getBoundingClientRect();
          props.onSelect(null);
          props.onContextMenu({ x: box.left + 24, y: box.top + 24 }, null);
        }}
        onDoubleClick={(e) => {
          const hit = hitTest(layout, toCanvas(e));
          if (editable && hit?.kind === 'component') props.onEditNumber?.(hit.id);
        }}
        onContextMenu={(e) => {
          if (!props.onContextMenu) return;
          e.preventDefault();
          const hit = hitTest(layout, toCanvas(e));
          if (hit) props.onSelect(hit);
          props.onContextMenu({ x: e.clientX, y: e.clientY }, hit);
        }}
      >
        <defs>
          <pattern id="floor-grid" width={FLOOR_DESIGN.grid} height={FLOOR_DESIGN.grid} patternUnits="userSpaceOnUse">
            <path
              d={`M ${FLOOR_DESIGN.grid} 0 L 0 0 0 ${FLOOR_DESIGN.grid}`}
              fill="none"
              stroke="#e3e6ec"
              strokeWidth={1}
            />
          </pattern>
        </defs>
        <rect x={pan.x} y={pan.y} width={width} height={height} fill="url(#floor-grid)" />
        {layout.zones.map((z) => (
          <Zone
            key={z.id}
            zone={z}
            selected={selection?.kind === 'zone' && selection.id === z.id}
            access={accessOf({ kind: 'zone', id: z.id })}
          />
        ))}
        {[...layout.components]
          .filter((c) => c.id !== draggedId)
          .sort((a, b) => a.zIndex - b.zIndex)
          .map(itemOf)}
        {preview ? (
          <rect {...preview} fill="#1f5fd1" fillOpacity={0.1} stroke="#1f5fd1" strokeDasharray="6 4" strokeWidth={2} />
        ) : null}
        {editable && selected && !dragged ? (
          <g>
            <rect
              x={selected.x}
              y={selected.y}
              width={selected.width}
              height={selected.height}
              fill="none"
              stroke="#1f5fd1"
              strokeWidth={1.5 / zoom}
              transform={
                selectedComponent
                  ? `rotate(${selectedComponent.rotation} ${selected.x + selected.width / 2} ${selected.y + selected.height / 2})`
                  : undefined
              }
            />
            {HANDLES.map((h) => {
              const at = handlePoint(selected, h);
              return (
                <rect
                  key={h}
                  data-handle={h}
                  aria-label={`Resize ${h}`}
                  x={at.x - handleSize / 2}
                  y={at.y - handleSize / 2}
                  width={handleSize}
                  height={handleSize}
                  fill="#ffffff"
                  stroke="#1f5fd1"
                  strokeWidth={1.5 / zoom}
                  style={{ cursor: `${h}-resize` }}
                />
              );
            })}
            {selection?.kind === 'component' ? (
              <circle
                data-handle="rotate"
                aria-label="Rotate"
                cx={selected.x + selected.width / 2}
                cy={selected.y - 24 / zoom}
                r={handleSize / 1.6}
                fill="#1f5fd1"
                style={{ cursor: 'grab' }}
              />
            ) : null}
          </g>
        ) : null}
      </svg>
      {dragged ? (
        <svg className="floor-canvas-drag" viewBox={viewBox} aria-hidden="true" data-testid="floor-drag-layer">
          {itemOf(dragged)}
        </svg>
      ) : null}
    </div>
  );
}
