// Staff who signed in on this terminal (so they can sign in again while the cloud is away) and
// the local sessions of the staff app. A session id is the SHA-256 of the cookie's token.
import type { Migration } from '../migration.js';

export const migration0004: Migration = {
  version: 4,
  name: 'local_auth',
  up(db) {
    db.exec(`
      CREATE TABLE local_users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        venue_id TEXT NOT NULL,
        me_json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE local_sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES local_users(id) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX local_sessions_user ON local_sessions(user_id);
    `);
  },
};
