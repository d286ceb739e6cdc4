// A dish's handling facts in the replica (issue 21): served hot or cold, and fragile. The runners'
// orders carry them, and an order this terminal sends to the runners must say what the cloud's
// says. A replica made before this has none, so it reads a fresh snapshot: clearing
// bootstrapped_at makes the sync client do that.
import type { Migration } from '../migration.js';

export const migration0019: Migration = {
  version: 19,
  name: 'menu_handling',
  up(db) {
    db.exec(`
      ALTER TABLE menu_items ADD COLUMN temperature TEXT CHECK (temperature IN ('hot', 'cold'));
      ALTER TABLE menu_items ADD COLUMN is_fragile INTEGER NOT NULL DEFAULT 0 CHECK (is_fragile IN (0, 1));
      UPDATE meta SET bootstrapped_at = NULL;
    `);
  },
};
