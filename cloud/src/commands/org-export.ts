// The organization's data for its owner (issue 24): a zip of one JSON file per kind of record,
// streamed as the rows are read, a thousand at a time in id order (events: by venue and sequence,
// the archived ones too), so a year of events never sits in memory. fflate makes the zip (deflated, streamed); the response is its bytes. Secrets stay
// out: password hashes, terminal credentials, invitation tokens, sign-in sessions, password
// resets, idempotency records and throttles are not exported.
import { PassThrough } from 'node:stream';
import { ADMIN_MESSAGES } from '@tablewise/shared';
import { Zip, ZipDeflate } from 'fflate';
import type { Queryable, StaffActor } from '../context.js';
import { forbidden, notFound } from '../errors.js';

interface ExportedKind {
  /** The file's name without `.json`. */
  file: string;
  table: string;
  /** The column naming the organization. */
  orgColumn: 'org_id' | 'organization_id' | 'id';
  /** Columns never exported (secrets). */
  omit?: readonly string[];
}

const EXPORTED_KINDS: readonly ExportedKind[] = [
  { file: 'organization', table: 'organizations', orgColumn: 'id' },
  { file: 'venues', table: 'venues', orgColumn: 'org_id' },
  { file: 'restaurants', table: 'restaurants', orgColumn: 'org_id' },
  { file: 'zones', table: 'zones', orgColumn: 'org_id' },
  { file: 'tables', table: 'tables', orgColumn: 'org_id' },
  { file: 'floor_layouts', table: 'floor_layouts', orgColumn: 'org_id' },
  { file: 'floor_layout_versions', table: 'floor_layout_versions', orgColumn: 'org_id' },
  { file: 'floor_templates', table: 'floor_templates', orgColumn: 'org_id' },
  { file: 'menu_items', table: 'menu_items', orgColumn: 'org_id' },
  { file: 'sessions', table: 'sessions', orgColumn: 'org_id' },
  { file: 'reservations', table: 'reservations', orgColumn: 'org_id' },
  { file: 'waitlist', table: 'waitlist', orgColumn: 'org_id' },
  { file: 'orders', table: 'orders', orgColumn: 'org_id' },
  { file: 'order_items', table: 'order_items', orgColumn: 'org_id' },
  { file: 'payments', table: 'payments', orgColumn: 'org_id' },
  { file: 'tasks', table: 'tasks', orgColumn: 'org_id' },
  { file: 'runners', table: 'runners', orgColumn: 'org_id' },
  { file: 'delivery_runs', table: 'delivery_runs', orgColumn: 'org_id' },
  { file: 'printers', table: 'printers', orgColumn: 'org_id' },
  { file: 'print_jobs', table: 'print_jobs', orgColumn: 'org_id' },
  { file: 'terminals', table: 'terminals', orgColumn: 'org_id', omit: ['credential_hash'] },
  { file: 'staff_roles', table: 'user_roles', orgColumn: 'organization_id' },
  { file: 'invitations', table: 'invitations', orgColumn: 'organization_id', omit: ['token'] },
  { file: 'usage_monthly', table: 'org_usage_monthly', orgColumn: 'organization_id' },
  { file: 'data_export_requests', table: 'data_export_requests', orgColumn: 'organization_id' },
  { file: 'data_deletion_requests', table: 'data_deletion_requests', orgColumn: 'organization_id' },
];

const PAGE = 1000;

/** The caller must be the organization's owner: another organization is not found, and a
 * member who is not its owner is refused. */
export async function checkExporter(q: Queryable, staff: StaffActor, orgId: string): Promise<void> {
  const roles = await q('user_roles')
    .where({ user_id: staff.user.id, organization_id: orgId })
    .whereNull('deactivated_at')
    .select('role');
  if (roles.length === 0) throw notFound('Organization');
  // Its owner: the OWNER role, or the account the organization names as its owner (as the
  // Organizations screen does when it offers the download).
  if (roles.some((r) => r.role === 'OWNER')) return;
  const org = await q('organizations').where({ id: orgId }).first('owner_user_id');
  if (org?.owner_user_id !== staff.user.id) throw forbidden(ADMIN_MESSAGES.exportOwnerOnly);
}

/**
 * Starts the export and answers the zip's byte stream at once; the rows follow as they are read.
 * The request is recorded as PROCESSING, then COMPLETED with the files' names, or FAILED (the
 * stream then ends in an error and the client has no valid zip).
 */
export async function exportOrganizationData(
  db: Queryable,
  staff: StaffActor,
  orgId: string,
  now: Date,
  onError: (error: unknown) => void,
): Promise<PassThrough> {
  const [request] = await db('data_export_requests')
    .insert({
      organization_id: orgId,
      requested_by: staff.user.id,
      status: 'PROCESSING',
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const write = async (file: string, rows: AsyncIterable<string>): Promise<number> => {
    const entry = new ZipDeflate(`${file}.json`, { level: 6 });
    zip.add(entry);
    const text = new TextEncoder();
    entry.push(text.encode('['));
    let count = 0;
    for await (const row of rows) {
      entry.push(text.encode(`${count === 0 ? '\n' : ',\n'}${row}`));
      count += 1;
      // The client reads slower than the database answers: wait for it, unless it went away.
      if (out.writableNeedDrain) {
        await new Promise((resolve) => {
          out.once('drain', resolve);
          out.once('close', resolve);
        });
      }
      if (out.destroyed) throw new Error('the client closed the download');
    }
    entry.push(text.encode(count === 0 ? ']\n' : '\n]\n'), true);
    return count;
  };
  void (async () => {
    const counts: Record<string, number> = {};
    for (const kind of EXPORTED_KINDS) counts[kind.file] = await write(kind.file, rowsOf(db, kind, orgId));
    counts.events = await write('events', eventsOf(db, orgId));
    counts.users = await write('users', usersOf(db, orgId));
    const manifest = {
      organizationId: orgId,
      exportedAt: now.toISOString(),
      format: 'one JSON array per file',
      files: counts,
    };
    const entry = new ZipDeflate('manifest.json', { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`), true);
    zip.end();
    await db('data_export_requests')
      .where({ id: request.id })
      .update({ status: 'COMPLETED', data_types: Object.keys(counts), updated_at: new Date() });
  })().catch(async (error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    await db('data_export_requests')
      .where({ id: request.id })
      .update({ status: 'FAILED', updated_at: new Date() })
      .catch(() => {});
  });
  return out;
}

async function* rowsOf(db: Queryable, kind: ExportedKind, orgId: string): AsyncIterable<string> {
  let after: string | null = null;
  for (;;) {
    const query = db(kind.table).where(kind.orgColumn, orgId).orderBy('id').limit(PAGE);
    if (after) query.where('id', '>', after);
    const rows: Record<string, unknown>[] = await query;
    for (const row of rows) {
      for (const column of kind.omit ?? []) delete row[column];
      yield JSON.stringify(row);
    }
    if (rows.length < PAGE) return;
    after = String(rows.at(-1)?.id);
  }
}

/**
 * The organization's events, hot and archived (events_all, migration 0073), venue by venue in
 * sequence order. Pages go by (venue, seq), the key an event keeps when the archive job moves it,
 * and each page is one statement, in whose snapshot every event is in one table or the other: an
 * event moved while the export runs is written once, never twice or not at all.
 */
async function* eventsOf(db: Queryable, orgId: string): AsyncIterable<string> {
  const venues: string[] = (await db('venues').where({ org_id: orgId }).orderBy('id').select('id')).map(
    (v: { id: string }) => v.id,
  );
  for (const venueId of venues) {
    let after = 0;
    for (;;) {
      const rows: Record<string, unknown>[] = await db('events_all')
        .where({ venue_id: venueId, org_id: orgId })
        .andWhere('seq', '>', after)
        .orderBy('seq')
        .limit(PAGE);
      for (const row of rows) yield JSON.stringify(row);
      if (rows.length < PAGE) break;
      after = Number(rows.at(-1)?.seq);
    }
  }
}

/** The organization's staff accounts, without their password hashes. */
async function* usersOf(db: Queryable, orgId: string): AsyncIterable<string> {
  const rows = await db('users')
    .whereIn('id', db('user_roles').where({ organization_id: orgId }).select('user_id'))
    .orderBy('id')
    .select('id', 'email', 'first_name', 'last_name', 'profile_image_url', 'created_at', 'updated_at');
  for (const row of rows) yield JSON.stringify(row);
}
