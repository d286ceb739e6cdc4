// Which order items this terminal has made a kitchen ticket for, so no item is ticketed twice
// (after a restart, a re-bootstrap or the cloud's own firing of an item fired here first).
import type { Migration } from '../migration.js';

export const migration0005: Migration = {
  version: 5,
  name: 'ticketed_items',
  up(db) {
    db.exec(`
      CREATE TABLE ticketed_items (
        item_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        station TEXT NOT NULL,
        print_job_id TEXT,
        created_at TEXT NOT NULL
      );
    `);
  },
};
