// A table on the canvas, drawn by its shape: round and oval as ellipses, half-moon and quarter as
// arcs, the rest as rounded rectangles; its number and seats in the middle.
import { type FloorComponent, shapeOf } from '@tablewise/shared';
import type { KeyboardEvent } from 'react';

export interface TableLook {
  fill: string;
  stroke: string;
  label?: string | undefined;
  detail?: string | undefined;
  /** The table's state on the live floor (spec 2 section 4); the designer draws none. */
  state?: string | undefined;
}

/** What a drawn item is, for the page's readers and tests: a table, or anything else on the floor. */
function kindOf(c: FloorComponent): 'table' | 'decor' {
  return c.type === 'table' ? 'table' : 'decor';
}

function outline(c: FloorComponent, look: TableLook) {
  const { width: w, height: h } = c;
  const common = { fill: look.fill, stroke: look.stroke, strokeWidth: 2 };
  switch (c.type === 'table' ? shapeOf(c) : 'square') {
    case 'round':
    case 'oval':
      return <ellipse cx={w / 2} cy={h / 2} rx={w / 2} ry={h / 2} {...common} />;
    case 'halfmoon':
      return <path d={`M0 ${h} A ${w / 2} ${h} 0 0 1 ${w} ${h} Z`} {...common} />;
    case 'quarter':
      return <path d={`M0 0 L0 ${h} A ${w} ${h} 0 0 0 ${w} 0 Z`} {...common} />;
    case 'booth':
      return <rect width={w} height={h} rx={16} {...common} />;
    default:
      return <rect width={w} height={h} rx={c.type === 'table' ? 6 : 2} {...common} />;
  }
}

/** How a keyboard reaches an item: it takes focus, says what it is, and answers keys. */
export interface ItemAccess {
  label: string;
  onFocus: () => void;
  onKeyDown: (e: KeyboardEvent<SVGGElement>) => void;
  hasMenu: boolean;
}

export function TableShape({
  c,
  look,
  access,
}: {
  c: FloorComponent;
  look: TableLook;
  access?: ItemAccess | undefined;
}) {
  const size = Math.max(10, Math.min(16, c.width / 4));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the item is a button (role and keys) wherever the canvas lets a keyboard reach it
    <g
      transform={`translate(${c.x} ${c.y}) rotate(${c.rotation} ${c.width / 2} ${c.height / 2})`}
      data-testid="floor-item"
      data-kind={kindOf(c)}
      data-id={c.id}
      data-number={c.type === 'table' ? (c.number ?? '') : undefined}
      data-state={look.state}
      data-x={c.x}
      data-y={c.y}
      role={access ? 'button' : undefined}
      tabIndex={access ? 0 : undefined}
      aria-label={access?.label}
      aria-haspopup={access?.hasMenu ? 'menu' : undefined}
      onFocus={access?.onFocus}
      onKeyDown={access?.onKeyDown}
    >
      {outline(c, look)}
      <text
        x={c.width / 2}
        y={c.height / 2 - (look.detail ? size * 0.3 : -size * 0.35)}
        textAnchor="middle"
        fontSize={size}
        fontWeight={700}
        fill="#16181d"
        pointerEvents="none"
      >
        {look.label ?? ''}
      </text>
      {look.detail ? (
        <text
          x={c.width / 2}
          y={c.height / 2 + size * 0.9}
          textAnchor="middle"
          fontSize={size * 0.75}
          fill="#16181d"
          pointerEvents="none"
        >
          {look.detail}
        </text>
      ) : null}
    </g>
  );
}
