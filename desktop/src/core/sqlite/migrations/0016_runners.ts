// The runners' part of the replica (issue 10): the orders on the pass as the cloud presented them
// (kept whole, as JSON; their items' states are read from order_items when answering) and the
// venue's runners, so the runner interface works on the terminal while the cloud is away.
import type { Migration } from '../migration.js';

export const migration0016: Migration = {
  version: 16,
  name: 'runners',
  up(db) {
    db.exec(`
      CREATE TABLE runner_orders (
        id TEXT PRIMARY KEY,
        ready_at TEXT NOT NULL,
        order_json TEXT NOT NULL
      );
      CREATE TABLE runners (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        current_zone TEXT
      );
    `);
  },
};
