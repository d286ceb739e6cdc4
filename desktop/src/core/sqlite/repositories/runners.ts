// The replica's runners and orders on the pass (migration 0014).
import type { Runner, RunnerOrder } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

export function putRunnerOrder(db: WriteDb, order: RunnerOrder): void {
  db.sql
    .prepare(
      `INSERT INTO runner_orders (id, ready_at, order_json) VALUES (?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET ready_at = excluded.ready_at, order_json = excluded.order_json`,
    )
    .run(order.id, order.readyAt, JSON.stringify(order));
}

export function getRunnerOrder(db: AnyDb, id: string): RunnerOrder | null {
  const row = db.sql.prepare('SELECT order_json FROM runner_orders WHERE id = ?').get(id) as
    | { order_json: string }
    | undefined;
  return row ? (JSON.parse(row.order_json) as RunnerOrder) : null;
}

export function listRunnerOrders(db: AnyDb): RunnerOrder[] {
  const rows = db.sql.prepare('SELECT order_json FROM runner_orders ORDER BY ready_at, id').all() as {
    order_json: string;
  }[];
  return rows.map((r) => JSON.parse(r.order_json) as RunnerOrder);
}

export function putRunner(db: WriteDb, runner: Runner): void {
  db.sql
    .prepare(
      `INSERT INTO runners (id, user_id, name, status, current_zone) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, status = excluded.status,
         current_zone = excluded.current_zone`,
    )
    .run(runner.id, runner.userId, runner.name, runner.status, runner.currentZone);
}

export function getRunner(db: AnyDb, id: string): Runner | null {
  const row = db.sql.prepare('SELECT id, user_id, name, status, current_zone FROM runners WHERE id = ?').get(id) as
    | { id: string; user_id: string | null; name: string; status: Runner['status']; current_zone: string | null }
    | undefined;
  return row
    ? { id: row.id, userId: row.user_id, name: row.name, status: row.status, currentZone: row.current_zone }
    : null;
}

export function listRunners(db: AnyDb): Runner[] {
  const rows = db.sql.prepare('SELECT id FROM runners ORDER BY name, id').all() as { id: string }[];
  return rows.map((r) => getRunner(db, r.id) as Runner);
}

/** A snapshot's runners and orders on the pass, in place of what the replica held. */
export function replaceRunnerData(db: WriteDb, orders: readonly RunnerOrder[], runners: readonly Runner[]): void {
  db.sql.exec('DELETE FROM runner_orders; DELETE FROM runners;');
  for (const o of orders) putRunnerOrder(db, o);
  for (const r of runners) putRunner(db, r);
}
