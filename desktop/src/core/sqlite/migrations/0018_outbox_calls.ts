// The outbox speaks in calls (issue 21): an entry names its call module (`call_id`, the module's
// id such as 'POST /api/tasks/:id/start') and the params it fills the path with, so the pusher
// builds the request from the module and parses the body with its schema when it sends or
// replays it. Entries queued before this keep their method and path and are sent as they are.
import type { Migration } from '../migration.js';

export const migration0018: Migration = {
  version: 18,
  name: 'outbox_calls',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN call_id TEXT;
      ALTER TABLE outbox ADD COLUMN params_json TEXT;
    `);
  },
};
