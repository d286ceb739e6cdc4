// A zone: a tinted area with its name on a label bar at most 100 wide (spec 2 section 9).
import type { FloorZone } from '@tablewise/shared';
import type { ItemAccess } from '../table/table-shape.js';

export function ZoneShape({
  zone,
  selected,
  access,
}: {
  zone: FloorZone;
  selected: boolean;
  access?: ItemAccess | undefined;
}) {
  const label = Math.min(100, zone.width);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the item is a button (role and keys) wherever the canvas lets a keyboard reach it
    <g
      transform={`translate(${zone.x} ${zone.y})`}
      data-testid="floor-item"
      data-kind="zone"
      data-id={zone.id}
      data-x={zone.x}
      data-y={zone.y}
      role={access ? 'button' : undefined}
      tabIndex={access ? 0 : undefined}
      aria-label={access?.label}
      aria-haspopup={access?.hasMenu ? 'menu' : undefined}
      onFocus={access?.onFocus}
      onKeyDown={access?.onKeyDown}
    >
      <rect
        width={zone.width}
        height={zone.height}
        fill={zone.color}
        fillOpacity={0.35}
        stroke={selected ? '#1f5fd1' : zone.color}
        strokeWidth={selected ? 3 : 2}
        strokeDasharray={selected ? undefined : '6 4'}
      />
      <rect width={label} height={20} fill="#ffffff" fillOpacity={0.9} />
      <text x={6} y={14} fontSize={12} fontWeight={600} fill="#16181d" pointerEvents="none">
        {zone.name.length > 14 ? `${zone.name.slice(0, 13)}…` : zone.name}
      </text>
    </g>
  );
}
