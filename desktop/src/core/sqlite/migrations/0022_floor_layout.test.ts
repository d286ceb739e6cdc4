import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { MIGRATIONS } from './index.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0022 keeps one published layout per venue and has an older replica read a fresh snapshot', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  for (const m of MIGRATIONS.filter((m) => m.version < 22)) m.up(d);
  d.prepare("UPDATE meta SET bootstrapped_at = '2026-01-01T00:00:00Z'").run();
  for (const m of MIGRATIONS.filter((m) => m.version === 22)) m.up(d);
  expect(d.prepare('SELECT bootstrapped_at FROM meta').get()).toEqual({ bootstrapped_at: null });
  d.prepare("INSERT INTO floor_layout (venue_id, version, layout_json) VALUES ('v', 3, '{}')").run();
  expect(() =>
    d.prepare("INSERT INTO floor_layout (venue_id, version, layout_json) VALUES ('v', 4, '{}')").run(),
  ).toThrow(/UNIQUE/);
  expect(() =>
    d.prepare("INSERT INTO floor_layout (venue_id, version, layout_json) VALUES ('w', 0, '{}')").run(),
  ).toThrow(/CHECK/);
  d.close();
});
