// The venue's floor layout (issue 25): saved in versions with optimistic concurrency, restored,
// and published to the venue's tables in one transaction. The rules are shared's (floor-layout,
// floor-publish); this loads, locks and writes.
import { randomUUID } from 'node:crypto';
import {
  FLOOR_MESSAGES,
  type FloorLayout,
  FloorLayout as FloorLayoutSchema,
  isTable,
  type LayoutVersion,
  type LayoutVersionSummary,
  layoutStaleMessage,
  type PublishAnswer,
  planLimitRefusal,
  planPublish,
  type TableUse,
} from '@tablewise/shared';
import type { Queryable, StaffActor, Trx } from '../context.js';
import { AppError, notFound, unprocessable } from '../errors.js';
import { presentTable } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import {
  type FloorLayoutRow,
  findLayoutVersion,
  heldByReservations,
  insertLayoutVersion,
  latestLayout,
  listLayoutVersions,
  lockVenueLayouts,
  lockVenueTables,
  markPublished,
  publishedLayoutRow,
  publishedVersion,
  seatedParties,
  tablesWithOpenOrders,
  writePublishedTables,
} from '../repositories/floor-layouts.js';
import { findOrganization } from '../repositories/organizations.js';
import { listTables } from '../repositories/tables.js';
import { findVenue } from '../repositories/venues.js';
import { planLimit } from './administration.js';

type Scope = { orgId: string; venueId: string };

function layoutOf(row: FloorLayoutRow): FloorLayout {
  // Stored after the schema passed it; parsed again so an old row reads with today's defaults.
  return FloorLayoutSchema.parse(row.layout_json);
}

function summaryOf(row: FloorLayoutRow, layout: FloorLayout): LayoutVersionSummary {
  return {
    version: row.version,
    savedBy: row.saved_by_name,
    savedAt: row.saved_at.toISOString(),
    note: row.note,
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    tables: layout.components.filter(isTable).length,
    zones: layout.zones.length,
  };
}

function versionOf(row: FloorLayoutRow): LayoutVersion {
  const layout = layoutOf(row);
  return { ...summaryOf(row, layout), layout };
}

/** Who saved a layout or a template, as the Versions list and the templates name them. */
export function nameOf(staff: StaffActor): string {
  const { firstName, lastName, email } = staff.user;
  return [firstName, lastName].filter(Boolean).join(' ').trim() || email;
}

export async function currentLayout(q: Queryable, scope: Scope) {
  const row = await latestLayout(q, scope);
  return { current: row ? versionOf(row) : null, publishedVersion: await publishedVersion(q, scope) };
}

/** The version last published, for a terminal's replica (its snapshot), or null. */
export async function publishedLayoutVersion(q: Queryable, scope: Scope): Promise<LayoutVersion | null> {
  const row = await publishedLayoutRow(q, scope);
  return row ? versionOf(row) : null;
}

export async function layoutVersions(q: Queryable, scope: Scope): Promise<LayoutVersionSummary[]> {
  return (await listLayoutVersions(q, scope)).map((row) => summaryOf(row, layoutOf(row)));
}

export async function layoutVersion(q: Queryable, scope: Scope, version: number): Promise<LayoutVersion> {
  const row = await findLayoutVersion(q, scope, version);
  if (!row) throw notFound('Layout version');
  return versionOf(row);
}

/** The latest version, locked; a change made over any other is refused naming who saved it. */
async function headFor(trx: Trx, scope: Scope, baseVersion: number | null): Promise<FloorLayoutRow | undefined> {
  await lockVenueLayouts(trx, scope);
  const head = await latestLayout(trx, scope);
  if ((baseVersion ?? 0) === (head?.version ?? 0)) return head;
  if (!head) throw new AppError(409, 'layout_stale', FLOOR_MESSAGES.layoutVersionNotFound(baseVersion ?? 0));
  const venue = await findVenue(trx, scope.venueId);
  const message = layoutStaleMessage(head.saved_by_name, head.version, head.saved_at, venue?.tz ?? 'UTC');
  throw new AppError(409, 'layout_stale', message, {
    version: head.version,
    savedBy: head.saved_by_name,
    savedAt: head.saved_at.toISOString(),
  });
}

/** A table the layout links to must be this venue's: a link to anything else is refused. */
async function checkLinks(trx: Trx, venueId: string, layout: FloorLayout): Promise<void> {
  const linked = layout.components.filter((c) => c.tableId !== null);
  if (linked.length === 0) return;
  const own = new Set((await listTables(trx, venueId)).map((t) => t.id));
  const foreign = linked.find((c) => !own.has(c.tableId as string));
  if (foreign) throw unprocessable(FLOOR_MESSAGES.foreignTable(foreign.number ?? foreign.id), 'layout_invalid');
}

async function saveVersion(
  trx: Trx,
  staff: StaffActor,
  head: FloorLayoutRow | undefined,
  layout: FloorLayout,
  note: string | null,
  now: Date,
): Promise<FloorLayoutRow> {
  const row = await insertLayoutVersion(trx, {
    id: randomUUID(),
    org_id: staff.orgId,
    venue_id: staff.venueId,
    version: (head?.version ?? 0) + 1,
    layout_json: layout,
    saved_by: staff.user.id,
    saved_by_name: nameOf(staff),
    saved_at: now,
    note,
    published_at: null,
  });
  await appendEvent(trx, {
    orgId: staff.orgId,
    venueId: staff.venueId,
    userId: staff.user.id,
    event: { type: 'floor.layout.saved', version: row.version, savedBy: row.saved_by_name },
    at: now,
  });
  return row;
}

export async function saveLayout(
  trx: Trx,
  staff: StaffActor,
  input: { baseVersion: number | null; layout: FloorLayout; note?: string | undefined },
  now: Date,
): Promise<LayoutVersion> {
  const head = await headFor(trx, staff, input.baseVersion);
  await checkLinks(trx, staff.venueId, input.layout);
  return versionOf(await saveVersion(trx, staff, head, input.layout, input.note ?? null, now));
}

/** An older version saved again as the newest. Links to tables retired since are dropped: Publish
 * makes those tables again. */
export async function restoreLayout(
  trx: Trx,
  staff: StaffActor,
  version: number,
  baseVersion: number | null,
  now: Date,
): Promise<LayoutVersion> {
  const old = await findLayoutVersion(trx, staff, version);
  if (!old) throw notFound('Layout version');
  const head = await headFor(trx, staff, baseVersion);
  const own = new Set((await listTables(trx, staff.venueId)).map((t) => t.id));
  const layout = layoutOf(old);
  const relinked: FloorLayout = {
    ...layout,
    components: layout.components.map((c) => (c.tableId && !own.has(c.tableId) ? { ...c, tableId: null } : c)),
  };
  return versionOf(await saveVersion(trx, staff, head, relinked, `Restored version ${version}`, now));
}

async function usesOf(trx: Trx, venueId: string, now: Date, tables: ReturnType<typeof presentTable>[]) {
  const uses = new Map<string, TableUse>();
  for (const t of tables) {
    const held =
      t.state === 'HOLD_SOFT' ||
      t.state === 'RESERVED' ||
      (t.holdExpiresAt !== null && new Date(t.holdExpiresAt) > now);
    if (held) uses.set(t.id, { kind: 'held', party: t.partyName });
  }
  for (const r of await heldByReservations(trx, venueId, now)) {
    for (const id of r.locked_table_ids) uses.set(id, { kind: 'held', party: r.guest_contact?.name ?? null });
  }
  const byId = new Map(tables.map((t) => [t.id, t]));
  for (const o of await tablesWithOpenOrders(trx, venueId)) {
    uses.set(o.table_id, { kind: 'orders', party: o.guest_name ?? byId.get(o.table_id)?.partyName ?? null });
  }
  for (const s of await seatedParties(trx, venueId)) {
    uses.set(s.table_id, { kind: 'seated', party: s.guest_name ?? byId.get(s.table_id)?.partyName ?? null });
  }
  return uses;
}

/**
 * Applies the latest saved version to the venue's tables, all or nothing. The version published is
 * saved again with every table numbered and linked, so the designer's next save keeps the links.
 */
export async function publishLayout(
  trx: Trx,
  staff: StaffActor,
  baseVersion: number | null,
  now: Date,
): Promise<PublishAnswer> {
  const head = await headFor(trx, staff, baseVersion);
  if (!head) throw unprocessable(FLOOR_MESSAGES.noLayoutToPublish, 'layout_invalid');
  const tables = (await lockVenueTables(trx, staff.venueId)).map(presentTable);
  const plan = planPublish({
    layout: layoutOf(head),
    tables,
    uses: await usesOf(trx, staff.venueId, now, tables),
    newId: randomUUID,
  });
  // Within the plan's tables per venue (issue 24): a layout that adds tables past it is refused
  // whole; one that only moves, renumbers or retires them always publishes.
  if (plan.creates.length > 0) {
    const org = await findOrganization(trx, staff.orgId);
    const after = tables.length - plan.retires.length + plan.creates.length;
    const refusal = org && planLimitRefusal(org.plan, 'tables', after - 1);
    if (refusal) throw planLimit(refusal);
  }
  await writePublishedTables(trx, staff, plan, now);
  const saved = await saveVersion(trx, staff, head, plan.layout, `Published version ${head.version}`, now);
  await markPublished(trx, saved.id, now);
  const after = (await listTables(trx, staff.venueId)).map(presentTable);
  const published = versionOf({ ...saved, published_at: now });
  await appendEvent(trx, {
    orgId: staff.orgId,
    venueId: staff.venueId,
    userId: staff.user.id,
    event: {
      type: 'floor.published',
      version: saved.version,
      tables: after,
      retiredTableIds: plan.retires.map((t) => t.id),
      published,
    },
    at: now,
  });
  return {
    version: published,
    created: plan.creates.length,
    moved: plan.updates.filter((u) => u.moved).length,
    renumbered: plan.updates.filter((u) => u.renumbered).length,
    retired: plan.retires.length,
    tables: after,
  };
}
