import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0012 } from './0012_reservations.js';
import { MIGRATIONS } from './index.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0012 keeps reservations by status and slot, and makes an older replica read a fresh snapshot', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  for (const m of MIGRATIONS.filter((m) => m.version < 12)) m.up(d);
  d.prepare("UPDATE meta SET bootstrapped_at = '2026-01-01T00:00:00.000Z', cursor = 40").run();
  migration0012.up(d);

  expect(d.prepare('SELECT bootstrapped_at FROM meta').get()).toEqual({ bootstrapped_at: null });
  const insert = d.prepare('INSERT INTO reservations (id, status, slot_start, reservation_json) VALUES (?, ?, ?, ?)');
  insert.run('r1', 'CONFIRMED', '2026-11-25T17:00:00.000Z', '{}');
  expect(() => insert.run('r2', 'PENDING', '2026-11-25T17:00:00.000Z', '{}')).toThrow(/CHECK constraint failed/);
  expect(() => insert.run('r1', 'SEATED', '2026-11-25T17:30:00.000Z', '{}')).toThrow(/UNIQUE constraint failed/);
  d.close();
});
