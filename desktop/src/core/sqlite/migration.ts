// A replica migration: one numbered file each under ./migrations, listed in ./migrations/index.ts.
import type { Database } from 'better-sqlite3';

export interface Migration {
  /** Strictly increasing; the replica records the highest applied in PRAGMA user_version. */
  version: number;
  name: string;
  up(db: Database): void;
}
