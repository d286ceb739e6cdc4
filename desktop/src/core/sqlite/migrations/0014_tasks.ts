// The venue's cleaning and QA tasks (issue 11), so the cleaner console reads them from the replica
// and cleaners start and complete them while the cloud is away. A task is kept whole as the cloud
// presents it, with the columns its queries need. A replica made before this has no tasks, so it
// reads a fresh snapshot (see 0007).
import type { Migration } from '../migration.js';

export const migration0014: Migration = {
  version: 14,
  name: 'tasks',
  up(db) {
    db.exec(`
      CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL CHECK (type IN ('RUN', 'CLEAN', 'QA')),
        status TEXT NOT NULL CHECK (status IN ('PENDING', 'IN_PROGRESS', 'COMPLETED')),
        target_table_id TEXT,
        task_json TEXT NOT NULL
      );
      CREATE INDEX tasks_by_table ON tasks (target_table_id, type, status);

      UPDATE meta SET bootstrapped_at = NULL;
    `);
  },
};
