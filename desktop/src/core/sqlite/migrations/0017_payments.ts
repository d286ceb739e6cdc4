// Payments in the replica (issue 11): the terminal answers a session's bill and the staff payments
// list from them, with the cloud there or away. Payments are kept whole as the cloud presents them;
// `local` marks this terminal's cash the cloud has not recorded yet (replaced by the cloud's copy,
// same id, when its event arrives). The venue's service charge goes on every bill, and the bill says
// whether the cloud takes demo cards. A replica made before this has none of them, so it reads a
// fresh snapshot: clearing bootstrapped_at makes the sync client do that.
import type { Migration } from '../migration.js';

export const migration0017: Migration = {
  version: 17,
  name: 'payments',
  up(db) {
    db.exec(`
      ALTER TABLE venue ADD COLUMN service_charge_bps INTEGER NOT NULL DEFAULT 0
        CHECK (service_charge_bps BETWEEN 0 AND 10000);
      ALTER TABLE meta ADD COLUMN demo_payments INTEGER NOT NULL DEFAULT 0 CHECK (demo_payments IN (0, 1));

      CREATE TABLE payments (
        id TEXT PRIMARY KEY,
        session_id TEXT,
        created_at TEXT NOT NULL,
        local INTEGER NOT NULL DEFAULT 0 CHECK (local IN (0, 1)),
        payment_json TEXT NOT NULL
      );
      CREATE INDEX payments_session ON payments(session_id);
      CREATE INDEX payments_created ON payments(created_at, id);

      UPDATE meta SET bootstrapped_at = NULL;
    `);
  },
};
