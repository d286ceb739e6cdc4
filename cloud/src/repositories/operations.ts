// Queries for the operator (GET /metrics), across every organization: counts only, no rows.
import type { Queryable } from '../context.js';

/** Printers in use, counted by the status their terminals last reported. */
export async function countPrintersByStatus(q: Queryable): Promise<{ status: string; count: number }[]> {
  const rows = await q('printers')
    .whereNull('removed_at')
    .groupBy('status')
    .select('status')
    .count<{ status: string; count: string | number }[]>('* as count');
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
