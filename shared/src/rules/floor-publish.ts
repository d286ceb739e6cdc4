// Publish (issue 25): the saved layout becomes the venue's tables in one go. Which tables are
// created, moved, renumbered or retired is decided here, from the layout and the tables as they
// are; a table someone is using cannot be retired, and the refusal names the party.
import { conflict, unprocessable } from '../errors.js';
import { FLOOR_MESSAGES } from '../floor-texts.js';
import type { Table } from '../schemas/entities.js';
import {
  type FloorComponent,
  type FloorLayout,
  isTable,
  layoutProblems,
  SERVER_SHAPE,
  shapeOf,
  zoneOfComponent,
} from './floor-layout.js';
import { numberCore, numberUnnumbered } from './floor-numbering.js';

/** The table columns a layout decides. */
export type PlacedTable = Pick<
  Table,
  'id' | 'number' | 'name' | 'shape' | 'capacity' | 'capacityMax' | 'xPosition' | 'yPosition' | 'rotation' | 'zone'
>;

/** Why a table is in use: a seated party, open orders, or a hold (a guest's or a booking's). */
export interface TableUse {
  kind: 'seated' | 'orders' | 'held';
  party: string | null;
}

export interface PublishPlan {
  creates: PlacedTable[];
  /** Tables whose columns change; `moved` and `renumbered` say how. */
  updates: (PlacedTable & { moved: boolean; renumbered: boolean })[];
  retires: Pick<Table, 'id' | 'number'>[];
  /** The layout with every table numbered and linked to the table it is now. */
  layout: FloorLayout;
}

function placed(c: FloorComponent, id: string, zone: string | null): PlacedTable {
  const number = c.number as string;
  const capacity = c.capacity ?? 2;
  return {
    id,
    number,
    name: `Table ${number}`,
    shape: SERVER_SHAPE[shapeOf(c)],
    capacity,
    capacityMax: capacity,
    xPosition: Math.round(c.x * 100) / 100,
    yPosition: Math.round(c.y * 100) / 100,
    rotation: Math.round((((c.rotation % 360) + 360) % 360) * 100) / 100,
    zone,
  };
}

function refusal(number: string, use: TableUse): Error {
  const party = use.party?.trim() || FLOOR_MESSAGES.unnamedParty;
  switch (use.kind) {
    case 'seated':
      return conflict(FLOOR_MESSAGES.retireSeated(number, party), 'table_in_use');
    case 'orders':
      return conflict(FLOOR_MESSAGES.retireOpenOrders(number, party), 'table_in_use');
    case 'held':
      return conflict(FLOOR_MESSAGES.retireHeld(number, party), 'table_in_use');
    default: {
      const never: never = use.kind;
      throw new Error(`unknown table use ${String(never)}`);
    }
  }
}

/**
 * The plan that makes `tables` what `layout` draws. A table component linked to a table of this
 * venue moves it; one linked to nothing the venue has (a new table, or a link from another
 * floor) makes a new table with an id from `newId`; a table no component links to is retired
 * unless `uses` says it is in use.
 */
export function planPublish(input: {
  layout: FloorLayout;
  tables: readonly PlacedTable[];
  uses: ReadonlyMap<string, TableUse>;
  newId: () => string;
}): PublishPlan {
  const problems = layoutProblems(input.layout);
  if (problems[0]) throw unprocessable(problems[0], 'layout_invalid');
  const layout = numberUnnumbered(input.layout);
  const seen = new Set<string>();
  for (const c of layout.components.filter(isTable)) {
    const core = numberCore(c.number as string);
    if (seen.has(core)) throw unprocessable(FLOOR_MESSAGES.duplicateTableNumber(c.number as string), 'layout_invalid');
    seen.add(core);
  }

  const existing = new Map(input.tables.map((t) => [t.id, t]));
  const creates: PlacedTable[] = [];
  const updates: PublishPlan['updates'] = [];
  const kept = new Set<string>();
  const components = layout.components.map((c) => {
    if (!isTable(c)) return c;
    const zone = zoneOfComponent(layout.zones, c)?.name ?? null;
    const current = c.tableId ? existing.get(c.tableId) : undefined;
    if (!current) {
      const table = placed(c, input.newId(), zone);
      creates.push(table);
      return { ...c, tableId: table.id };
    }
    kept.add(current.id);
    const next = placed(c, current.id, zone);
    const moved =
      next.xPosition !== current.xPosition ||
      next.yPosition !== current.yPosition ||
      next.rotation !== current.rotation ||
      next.zone !== current.zone;
    const renumbered = next.number !== current.number;
    const resized = next.capacity !== current.capacity || next.shape !== current.shape || next.name !== current.name;
    if (moved || renumbered || resized) updates.push({ ...next, moved, renumbered });
    return c;
  });

  const retires = input.tables.filter((t) => !kept.has(t.id));
  for (const t of retires) {
    const use = input.uses.get(t.id);
    if (use) throw refusal(t.number, use);
  }
  return {
    creates,
    updates,
    retires: retires.map(({ id, number }) => ({ id, number })),
    layout: { ...layout, components },
  };
}
