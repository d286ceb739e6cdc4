// The venue's waitlist (issue 9), so the host's screens read it from the replica while the cloud
// is away. An entry is kept whole as the cloud presents it, with the columns its queries need. A
// replica made before this has no waitlist, so it reads a fresh snapshot (see 0007).
import type { Migration } from '../migration.js';

export const migration0011: Migration = {
  version: 11,
  name: 'waitlist',
  up(db) {
    db.exec(`
      CREATE TABLE waitlist (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL CHECK (status IN ('WAITING', 'NOTIFIED', 'SEATED', 'CANCELLED')),
        position INTEGER NOT NULL,
        entry_json TEXT NOT NULL
      );
      CREATE INDEX waitlist_queue ON waitlist (status, position);

      UPDATE meta SET bootstrapped_at = NULL;
    `);
  },
};
