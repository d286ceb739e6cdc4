// Which items already have a kitchen ticket made on this terminal.
import type { AnyDb, WriteDb } from '../replica.js';

/** @internal Which of `itemIds` have a ticket from this terminal (tests read the replica through it). */
export function ticketedAmong(db: AnyDb, itemIds: readonly string[]): Set<string> {
  if (itemIds.length === 0) return new Set();
  const rows = db.sql
    .prepare(`SELECT item_id FROM ticketed_items WHERE item_id IN (${itemIds.map(() => '?').join(',')})`)
    .all(...itemIds) as { item_id: string }[];
  return new Set(rows.map((r) => r.item_id));
}

export function markTicketed(
  db: WriteDb,
  items: readonly { itemId: string; orderId: string; station: string }[],
  printJobId: string | null,
  at: string,
): void {
  const insert = db.sql.prepare(
    'INSERT OR IGNORE INTO ticketed_items (item_id, order_id, station, print_job_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  for (const i of items) insert.run(i.itemId, i.orderId, i.station, printJobId, at);
}
