// A counter the terminal raises in a FULL commit of its own when commits made without waiting for
// the disk (derived ones: the cloud's events, the tickets made from them) must reach it before the
// outbox pushes what they wrote (makeDurable). SQLite writes nothing for an update that changes
// nothing, so the commit needs a value that changes.
import type { Migration } from '../migration.js';

export const migration0013: Migration = {
  version: 13,
  name: 'meta_durable_mark',
  up(db) {
    db.exec('ALTER TABLE meta ADD COLUMN durable_mark INTEGER NOT NULL DEFAULT 0');
  },
};
