import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { MIGRATIONS } from './index.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0021 gives a venue kept before it the 8.75 % rate and USD, and reads a fresh snapshot', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  for (const m of MIGRATIONS.filter((m) => m.version < 21)) m.up(d);
  d.prepare("INSERT INTO venue (id, organization_id, name, timezone) VALUES ('v', 'o', 'Bistro', 'UTC')").run();
  d.prepare("UPDATE meta SET bootstrapped_at = '2026-01-01T00:00:00Z'").run();
  for (const m of MIGRATIONS.filter((m) => m.version === 21)) m.up(d);
  expect(d.prepare('SELECT tax_rate_bps, currency FROM venue').get()).toEqual({ tax_rate_bps: 875, currency: 'USD' });
  expect(d.prepare('SELECT bootstrapped_at FROM meta').get()).toEqual({ bootstrapped_at: null });
  expect(() => d.prepare("UPDATE venue SET tax_rate_bps = 10001 WHERE id = 'v'").run()).toThrow(/CHECK/);
  d.close();
});
