import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0009 } from './0009_meta_epoch.js';
import { migration0017 } from './0017_payments.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0017 adds payments, the venue service charge and the demo flag, and makes a bootstrapped replica read a new snapshot', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  migration0009.up(d);
  d.prepare("INSERT INTO venue (id, organization_id, name, timezone) VALUES ('v1', 'o1', 'Bistro', 'UTC')").run();
  d.prepare("UPDATE meta SET cursor = 12, bootstrapped_at = '2026-11-23T10:00:00.000Z' WHERE id = 1").run();
  migration0017.up(d);

  expect(d.prepare('SELECT service_charge_bps FROM venue').get()).toEqual({ service_charge_bps: 0 });
  expect(() => d.prepare('UPDATE venue SET service_charge_bps = 10001').run()).toThrow(/CHECK/);
  expect(d.prepare('SELECT demo_payments, bootstrapped_at FROM meta').get()).toEqual({
    demo_payments: 0,
    bootstrapped_at: null,
  });
  const insert = d.prepare('INSERT INTO payments (id, session_id, created_at, payment_json) VALUES (?, ?, ?, ?)');
  insert.run('p1', 's1', '2026-11-25T20:00:00.000Z', '{}');
  expect(d.prepare('SELECT * FROM payments').all()).toEqual([
    { id: 'p1', session_id: 's1', created_at: '2026-11-25T20:00:00.000Z', local: 0, payment_json: '{}' },
  ]);
  expect(() => insert.run('p1', 's1', 'x', '{}')).toThrow(/UNIQUE/);
  d.close();
});
