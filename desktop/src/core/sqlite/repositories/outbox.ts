// The outbox rows: staff writes in mutation-sequence order, with their fate.
import { type Call, type CallSpec, callById, type ParamsOf } from '@tablewise/shared';
import type { z } from 'zod';
import type { AnyDb, WriteDb } from '../replica.js';

export type OutboxStatus = 'PENDING' | 'ACKNOWLEDGED' | 'REJECTED' | 'DISMISSED';

export interface OutboxEntry {
  seq: number;
  idempotencyKey: string;
  method: string;
  path: string;
  body: unknown;
  /** The call module the entry is (its id), null for an entry queued before entries named it. */
  callId: string | null;
  entityType: string;
  entityId: string;
  status: OutboxStatus;
  message: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

interface OutboxRow {
  seq: number;
  idempotency_key: string;
  method: string;
  path: string;
  body_json: string;
  call_id: string | null;
  entity_type: string;
  entity_id: string;
  status: OutboxStatus;
  message: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

function toEntry(r: OutboxRow): OutboxEntry {
  return {
    seq: r.seq,
    idempotencyKey: r.idempotency_key,
    method: r.method,
    path: r.path,
    body: JSON.parse(r.body_json) as unknown,
    callId: r.call_id,
    entityType: r.entity_type,
    entityId: r.entity_id,
    status: r.status,
    message: r.message,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

interface NewOutboxEntry {
  idempotencyKey: string;
  method: string;
  path: string;
  body: unknown;
  entityType: string;
  entityId: string;
  createdAt: string;
}

/**
 * Appends a mutation and returns it with its sequence number. Writes go through appendCall.
 * @internal exported for its tests
 */
export function appendOutbox(
  db: WriteDb,
  e: NewOutboxEntry & { callId?: string | null; params?: Record<string, unknown> | null },
): OutboxEntry {
  const info = db.sql
    .prepare(
      `INSERT INTO outbox (idempotency_key, method, path, body_json, call_id, params_json, entity_type, entity_id, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)`,
    )
    .run(
      e.idempotencyKey,
      e.method,
      e.path,
      JSON.stringify(e.body),
      e.callId ?? null,
      e.params ? JSON.stringify(e.params) : null,
      e.entityType,
      e.entityId,
      e.createdAt,
      e.createdAt,
    );
  const entry = getOutboxEntry(db, Number(info.lastInsertRowid));
  if (!entry) throw new Error('Outbox insert vanished');
  return entry;
}

function getOutboxEntry(db: AnyDb, seq: number): OutboxEntry | null {
  const row = db.sql.prepare('SELECT * FROM outbox WHERE seq = ?').get(seq) as OutboxRow | undefined;
  return row ? toEntry(row) : null;
}

/** The next mutation to push: the lowest sequence still pending. */
export function nextPending(db: AnyDb): OutboxEntry | null {
  const row = db.sql.prepare("SELECT * FROM outbox WHERE status = 'PENDING' ORDER BY seq LIMIT 1").get() as
    | OutboxRow
    | undefined;
  return row ? toEntry(row) : null;
}

/**
 * The next mutations to push, oldest first: up to `limit` pending ones with consecutive numbers
 * (settled rows come before pending ones, so a gap means rows were lost; the batch stops there).
 * With `after`, the batch that follows entry `after`: empty unless it starts right after it.
 */
export function pendingBatch(db: AnyDb, limit: number, after?: number): OutboxEntry[] {
  const rows = db.sql
    .prepare("SELECT * FROM outbox WHERE status = 'PENDING' AND seq > ? ORDER BY seq LIMIT ?")
    .all(after ?? 0, limit) as OutboxRow[];
  if (after !== undefined && rows[0]?.seq !== after + 1) return [];
  const run = rows.findIndex((row, i) => i > 0 && row.seq !== (rows[i - 1] as OutboxRow).seq + 1);
  return (run === -1 ? rows : rows.slice(0, run)).map(toEntry);
}

export function listByStatus(db: AnyDb, status: OutboxStatus): OutboxEntry[] {
  return (db.sql.prepare('SELECT * FROM outbox WHERE status = ? ORDER BY seq').all(status) as OutboxRow[]).map(toEntry);
}

export function countPending(db: AnyDb): number {
  return (db.sql.prepare("SELECT COUNT(*) AS n FROM outbox WHERE status = 'PENDING'").get() as { n: number }).n;
}

/** Pending mutations of one kind of entity, oldest first. */
export function pendingOf(db: AnyDb, entityType: string): OutboxEntry[] {
  return (
    db.sql
      .prepare("SELECT * FROM outbox WHERE status = 'PENDING' AND entity_type = ? ORDER BY seq")
      .all(entityType) as OutboxRow[]
  ).map(toEntry);
}

type BodyOut<S extends CallSpec> = S['body'] extends z.ZodType ? z.output<S['body']> : undefined;

/**
 * The bodies of one entity's pending entries of `call`, oldest first, each parsed by the module's
 * schema (an entry whose body it no longer takes is left out: the cloud will refuse it). An entry
 * queued before entries named their call is known by its method and path (`params` fill it in).
 * Read in SQL, not as whole entries: a replay runs for every event of the entity, with up to every
 * change made during an outage still waiting.
 */
export function pendingBodiesFor<S extends CallSpec>(
  db: AnyDb,
  call: Call<S>,
  entity: { type: string; id: string },
  params: ParamsOf<S>,
): BodyOut<S>[] {
  const rows = db.sql
    .prepare(
      `SELECT body_json FROM outbox
       WHERE status = 'PENDING' AND entity_type = ? AND entity_id = ?
         AND (call_id = ? OR (call_id IS NULL AND method = ? AND path = ?))
       ORDER BY seq`,
    )
    .all(entity.type, entity.id, call.id, call.method, call.url(params)) as { body_json: string }[];
  const bodies: BodyOut<S>[] = [];
  for (const row of rows) {
    if (!call.body) {
      bodies.push(undefined as BodyOut<S>);
      continue;
    }
    const parsed = call.body.safeParse(JSON.parse(row.body_json));
    if (parsed.success) bodies.push(parsed.data as BodyOut<S>);
  }
  return bodies;
}

/** Whether `entry` is a `call` (`params` fill in its path): named so, or, queued by an older build
 * that did not name calls, by its method and path. */
export function isEntryOf<S extends CallSpec>(
  entry: Pick<OutboxEntry, 'callId' | 'method' | 'path'>,
  call: Call<S>,
  params: ParamsOf<S>,
): boolean {
  if (entry.callId) return entry.callId === call.id;
  return entry.method === call.method && entry.path === call.url(params);
}

export function markAttempt(db: WriteDb, seq: number, error: string, at: string): void {
  db.sql
    .prepare('UPDATE outbox SET attempts = attempts + 1, last_error = ?, updated_at = ? WHERE seq = ?')
    .run(error, at, seq);
}

export function settle(
  db: WriteDb,
  seq: number,
  status: 'ACKNOWLEDGED' | 'REJECTED',
  message: string | null,
  at: string,
): void {
  db.sql
    .prepare(
      "UPDATE outbox SET status = ?, message = ?, attempts = attempts + 1, updated_at = ? WHERE seq = ? AND status = 'PENDING'",
    )
    .run(status, message, at, seq);
}

/** Staff saw a rejection; it leaves the list but the row stays as a record. */
export function dismiss(db: WriteDb, seq: number, at: string): boolean {
  const info = db.sql
    .prepare("UPDATE outbox SET status = 'DISMISSED', updated_at = ? WHERE seq = ? AND status = 'REJECTED'")
    .run(at, seq);
  return info.changes === 1;
}

type BodyIn<S extends CallSpec> = S['body'] extends z.ZodType ? z.input<S['body']> : undefined;

export interface QueuedCall<S extends CallSpec> {
  idempotencyKey: string;
  params?: ParamsOf<S>;
  body?: BodyIn<S>;
  entityType: string;
  entityId: string;
  createdAt: string;
}

/**
 * Queues a call for the cloud, named by its module: the method and path come from the module and
 * the params, and the body is parsed by the module's schema now, so an entry the cloud would refuse
 * as malformed is never queued (a programming error, thrown inside the caller's transaction).
 */
export function appendCall<S extends CallSpec>(db: WriteDb, call: Call<S>, e: QueuedCall<S>): OutboxEntry {
  const body = call.body ? call.body.parse(e.body ?? {}) : {};
  const params = (e.params ?? null) as Record<string, unknown> | null;
  return appendOutbox(db, {
    idempotencyKey: e.idempotencyKey,
    method: call.method,
    path: call.url(e.params),
    body,
    callId: call.id,
    params,
    entityType: e.entityType,
    entityId: e.entityId,
    createdAt: e.createdAt,
  });
}

/**
 * An entry as the request it makes: an entry that names its call is built from the module (its
 * body parsed by the module's schema, which refuses a body changed since it was queued); an older
 * entry goes as it was queued.
 */
export function requestOf(entry: OutboxEntry): { method: string; path: string; body: unknown } {
  if (!entry.callId) return { method: entry.method, path: entry.path, body: entry.body };
  const call = callById(entry.callId);
  // A call this build no longer knows, or a body its schema no longer takes, goes as it was
  // queued: the cloud refuses it with its reason, and the refusal is shown to staff.
  const parsed = call?.body ? call.body.safeParse(entry.body ?? {}) : null;
  if (!call || (parsed && !parsed.success)) return { method: entry.method, path: entry.path, body: entry.body };
  return { method: call.method, path: entry.path, body: parsed ? parsed.data : entry.body };
}
