// A table on the canvas, drawn by its shape: round and oval as ellipses, half-moon and quarter as
// arcs, the rest as rounded rectangles; its number and seats in the middle.
import { type FloorComponent, shapeOf } from '@tablewise/shared';

export interface TableLook {
  fill: string;
  stroke: string;
  label?: string | undefined;
  detail?: string | undefined;
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

export function TableShape({ c, look }: { c: FloorComponent; look: TableLook }) {
  const size = Math.max(10, Math.min(16, c.width / 4));
  return (
    <g transform={`translate(${c.x} ${c.y}) rotate(${c.rotation} ${c.width / 2} ${c.height / 2})`}>
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
