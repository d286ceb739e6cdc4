// The venue's tables as the replica holds them.
// Rows map to the shared schemas' shapes; nothing here decides anything.
import type { Table } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

interface TableRow {
  id: string;
  venue_id: string;
  name: string;
  number: string;
  shape: Table['shape'];
  capacity: number;
  capacity_min: number;
  capacity_max: number;
  x_position: number;
  y_position: number;
  rotation: number;
  zone: string | null;
  is_accessible: number;
  state: Table['state'];
  hold_expires_at: string | null;
  party_name: string | null;
  guest_count: number | null;
  time_seated: string | null;
}
function toTable(r: TableRow): Table {
  return {
    id: r.id,
    venueId: r.venue_id,
    name: r.name,
    number: r.number,
    shape: r.shape,
    capacity: r.capacity,
    capacityMin: r.capacity_min,
    capacityMax: r.capacity_max,
    xPosition: r.x_position,
    yPosition: r.y_position,
    rotation: r.rotation,
    zone: r.zone,
    isAccessible: r.is_accessible === 1,
    state: r.state,
    holdExpiresAt: r.hold_expires_at,
    partyName: r.party_name,
    guestCount: r.guest_count,
    timeSeated: r.time_seated,
  };
}
/** Every table, in no particular order: the answer builders order them. */
export function listTables(db: AnyDb): Table[] {
  return (db.sql.prepare('SELECT * FROM tables').all() as TableRow[]).map(toTable);
}
export function getTable(db: AnyDb, id: string): Table | null {
  const row = db.sql.prepare('SELECT * FROM tables WHERE id = ?').get(id) as TableRow | undefined;
  return row ? toTable(row) : null;
}
export function putTable(db: WriteDb, t: Table): void {
  db.sql
    .prepare(
      `INSERT OR REPLACE INTO tables (id, venue_id, name, number, shape, capacity, capacity_min, capacity_max,
         x_position, y_position, rotation, zone, is_accessible, state, hold_expires_at, party_name, guest_count, time_seated)
       VALUES (@id, @venueId, @name, @number, @shape, @capacity, @capacityMin, @capacityMax, @xPosition, @yPosition,
         @rotation, @zone, @isAccessible, @state, @holdExpiresAt, @partyName, @guestCount, @timeSeated)`,
    )
    .run({ ...t, isAccessible: t.isAccessible ? 1 : 0 });
}

/** A table a published layout retired (issue 25): the cloud refused it while anyone used it. */
export function deleteTable(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM tables WHERE id = ?').run(id);
}
