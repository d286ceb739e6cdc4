// The venue's reservations (issue 9), so the host's screens read them from the replica while the
// cloud is away. A reservation is kept whole as the cloud presents it, with the columns its
// queries need (the day's list reads by slot start). A replica made before this has none, so it
// reads a fresh snapshot (see 0007).
import type { Migration } from '../migration.js';

export const migration0012: Migration = {
  version: 12,
  name: 'reservations',
  up(db) {
    db.exec(`
      CREATE TABLE reservations (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL CHECK (status IN ('CONFIRMED', 'CHECKED_IN', 'SEATED', 'CANCELLED')),
        slot_start TEXT NOT NULL,
        reservation_json TEXT NOT NULL
      );
      CREATE INDEX reservations_by_slot ON reservations (slot_start);

      UPDATE meta SET bootstrapped_at = NULL;
    `);
  },
};
