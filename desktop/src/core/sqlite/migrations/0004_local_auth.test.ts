import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0003 } from './0003_outbox.js';
import { migration0004 } from './0004_local_auth.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

function db(): Database.Database {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  d.pragma('foreign_keys = ON');
  for (const m of [migration0001, migration0003, migration0004]) m.up(d);
  return d;
}

it('0004 keeps one cached user per email, whatever its case', () => {
  const d = db();
  const put = (id: string, email: string) =>
    d
      .prepare(
        "INSERT INTO local_users (id, email, password_hash, venue_id, me_json, updated_at) VALUES (?, ?, 'h', 'v', '{}', 't')",
      )
      .run(id, email);
  put('u1', 'Cook@Demo.test');
  expect(() => put('u2', 'cook@demo.test')).toThrow(/UNIQUE/);
  expect(d.prepare("SELECT id FROM local_users WHERE email = 'COOK@demo.TEST'").get()).toEqual({ id: 'u1' });
  d.close();
});

it('0004 removes a user’s sessions with the user and refuses a session without one', () => {
  const d = db();
  d.prepare(
    "INSERT INTO local_users (id, email, password_hash, venue_id, me_json, updated_at) VALUES ('u1', 'a@b.c', 'h', 'v', '{}', 't')",
  ).run();
  const session = (id: string, user: string) =>
    d.prepare("INSERT INTO local_sessions (id, user_id, expires_at, created_at) VALUES (?, ?, 't', 't')").run(id, user);
  session('s1', 'u1');
  expect(() => session('s2', 'nobody')).toThrow(/FOREIGN KEY/);
  d.prepare("DELETE FROM local_users WHERE id = 'u1'").run();
  expect(d.prepare('SELECT COUNT(*) AS n FROM local_sessions').get()).toEqual({ n: 0 });
  d.close();
});
