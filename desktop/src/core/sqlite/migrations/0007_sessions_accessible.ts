// Dining sessions (so the replica knows which orders are still open, as the cloud does) and
// whether a table is accessible (the tables answer carries it). A replica made before this has
// neither, so it reads a fresh snapshot: clearing bootstrapped_at makes the sync client do that.
import type { Migration } from '../migration.js';

export const migration0007: Migration = {
  version: 7,
  name: 'sessions_accessible',
  up(db) {
    db.exec(`
      ALTER TABLE tables ADD COLUMN is_accessible INTEGER NOT NULL DEFAULT 0 CHECK (is_accessible IN (0, 1));

      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        venue_id TEXT NOT NULL,
        table_id TEXT,
        party_size INTEGER NOT NULL,
        guest_name TEXT,
        status TEXT NOT NULL,
        started_at TEXT NOT NULL,
        closed_at TEXT
      );

      UPDATE meta SET bootstrapped_at = NULL;
    `);
  },
};
