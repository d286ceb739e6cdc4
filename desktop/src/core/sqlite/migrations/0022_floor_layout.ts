// The floor layout last published (issue 25): its zones, decor and tables, so the terminal's live
// floor draws the whole layout from the replica with the cloud down. A replica made before this
// reads a fresh snapshot (clearing bootstrapped_at), which carries the layout.
import type { Migration } from '../migration.js';

export const migration0022: Migration = {
  version: 22,
  name: 'floor_layout',
  up(db) {
    db.exec(`
      CREATE TABLE floor_layout (
        venue_id TEXT PRIMARY KEY,
        version INTEGER NOT NULL CHECK (version > 0),
        layout_json TEXT NOT NULL
      );
      UPDATE meta SET bootstrapped_at = NULL;
    `);
  },
};
