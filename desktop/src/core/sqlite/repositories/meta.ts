// The replica's identity and sync cursor (one row).
import type { AnyDb, WriteDb } from '../replica.js';

export interface ReplicaMeta {
  terminalId: string | null;
  venueId: string | null;
  cursor: number;
  bootstrappedAt: string | null;
  /** The cloud database's epoch the cursor belongs to (null before the first snapshot that told it). */
  epoch: string | null;
}

interface MetaRow {
  terminal_id: string | null;
  venue_id: string | null;
  cursor: number;
  bootstrapped_at: string | null;
  epoch: string | null;
}

export function getMeta(db: AnyDb): ReplicaMeta {
  const row = db.sql
    .prepare('SELECT terminal_id, venue_id, cursor, bootstrapped_at, epoch FROM meta WHERE id = 1')
    .get() as MetaRow | undefined;
  if (!row) throw new Error('Replica meta row is missing');
  return {
    terminalId: row.terminal_id,
    venueId: row.venue_id,
    cursor: row.cursor,
    bootstrappedAt: row.bootstrapped_at,
    epoch: row.epoch,
  };
}

export function setIdentity(db: WriteDb, terminalId: string, venueId: string): void {
  db.sql.prepare('UPDATE meta SET terminal_id = ?, venue_id = ? WHERE id = 1').run(terminalId, venueId);
}

export function setCursor(db: WriteDb, cursor: number): void {
  db.sql.prepare('UPDATE meta SET cursor = ? WHERE id = 1').run(cursor);
}

/** The replica now holds a snapshot of the database `epoch` as of event `cursor`. */
export function markBootstrapped(db: WriteDb, cursor: number, epoch: string, at: string): void {
  db.sql.prepare('UPDATE meta SET cursor = ?, epoch = ?, bootstrapped_at = ? WHERE id = 1').run(cursor, epoch, at);
}

/** Whether the cloud takes cards through its demo provider, as its last snapshot said. */
export function demoPaymentsOf(db: AnyDb): boolean {
  const row = db.sql.prepare('SELECT demo_payments FROM meta WHERE id = 1').get() as { demo_payments: number };
  return row.demo_payments === 1;
}

export function setDemoPayments(db: WriteDb, on: boolean): void {
  db.sql.prepare('UPDATE meta SET demo_payments = ? WHERE id = 1').run(on ? 1 : 0);
}
