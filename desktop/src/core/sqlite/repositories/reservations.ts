// The replica's reservations: kept whole as the cloud presents them. Nothing here decides anything.
import { Reservation } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

const parse = (json: string) => Reservation.parse(JSON.parse(json));

/** The reservations starting in [from, to), in no particular order: reservationsAnswer orders them. */
export function listReservationsBetween(db: AnyDb, from: Date, to: Date): Reservation[] {
  // ISO instants in UTC compare as text.
  const rows = db.sql
    .prepare('SELECT reservation_json FROM reservations WHERE slot_start >= ? AND slot_start < ?')
    .all(from.toISOString(), to.toISOString()) as { reservation_json: string }[];
  return rows.map((r) => parse(r.reservation_json));
}

export function getReservation(db: AnyDb, id: string): Reservation | null {
  const row = db.sql.prepare('SELECT reservation_json FROM reservations WHERE id = ?').get(id) as
    | { reservation_json: string }
    | undefined;
  return row ? parse(row.reservation_json) : null;
}

export function putReservation(db: WriteDb, r: Reservation): void {
  db.sql
    .prepare('INSERT OR REPLACE INTO reservations (id, status, slot_start, reservation_json) VALUES (?, ?, ?, ?)')
    .run(r.id, r.status, new Date(r.slotStart).toISOString(), JSON.stringify(r));
}

export function deleteReservation(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM reservations WHERE id = ?').run(id);
}

export function clearReservations(db: WriteDb): void {
  db.sql.prepare('DELETE FROM reservations').run();
}
