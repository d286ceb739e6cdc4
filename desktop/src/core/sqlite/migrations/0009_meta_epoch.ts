// The cloud database's epoch, kept with the sync cursor: a cursor counts events of one database,
// and a database restored from a backup (or replaced) has another epoch. A replica made before
// this knows no epoch; the sync client rebuilds it from a snapshot the first time it meets one.
import type { Migration } from '../migration.js';

export const migration0009: Migration = {
  version: 9,
  name: 'meta_epoch',
  up(db) {
    db.exec('ALTER TABLE meta ADD COLUMN epoch TEXT');
  },
};
