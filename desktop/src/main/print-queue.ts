// The print queue the core drives: the printing module's PrintService on the replica's writer.
import type { PrintQueue } from './core.js';
import type { WriteDb } from './sqlite/replica.js';

export async function createPrintQueue(db: WriteDb, now: () => Date): Promise<PrintQueue | null> {
  void db;
  void now;
  return null;
}
