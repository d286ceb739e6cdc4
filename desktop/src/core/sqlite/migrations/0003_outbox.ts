// The outbox: staff writes made on this terminal, waiting to be pushed to the cloud in order.
// seq is the terminal's mutation sequence (X-Terminal-Mutation-Seq); AUTOINCREMENT guarantees a
// number is never handed out twice, even after rows are pruned.
import type { Migration } from '../migration.js';

export const migration0003: Migration = {
  version: 3,
  name: 'outbox',
  up(db) {
    db.exec(`
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        idempotency_key TEXT NOT NULL UNIQUE,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        body_json TEXT NOT NULL,
        entity_type TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'PENDING'
          CHECK (status IN ('PENDING', 'ACKNOWLEDGED', 'REJECTED', 'DISMISSED')),
        message TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX outbox_pending ON outbox(status, seq);
      CREATE INDEX outbox_entity ON outbox(entity_type, entity_id, status);
    `);
  },
};
