// The menu's own order (items, and categories by their first item), as the cloud answers it.
import type { Migration } from '../migration.js';

export const migration0006: Migration = {
  version: 6,
  name: 'menu_order',
  up(db) {
    db.exec('ALTER TABLE menu_items ADD COLUMN sort_order INTEGER NOT NULL DEFAULT 0');
  },
};
