// Which staff member a runner is (issue 22, item 7): the runner interface on the terminal chooses
// the signed-in runner by it, as on the cloud. Filled by the next snapshot and runner events.
import type { Migration } from '../migration.js';

export const migration0020: Migration = {
  version: 20,
  name: 'runner_user',
  up(db) {
    db.exec('ALTER TABLE runners ADD COLUMN user_id TEXT;');
  },
};
