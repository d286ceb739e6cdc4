import type { Queryable } from '../context.js';

/**
 * One row per principal that still holds: a staff login not expired (one row per role of its
 * user, or one with null role columns when it has none), a dining session still ACTIVE, a terminal
 * not revoked.
 */
export interface LiveAccessRow {
  kind: 'staff' | 'guest' | 'terminal';
  /** The auth session's, dining session's or terminal's id. */
  ref: string;
  user_id: string | null;
  org_id: string | null;
  venue_id: string | null;
  role_id: string | null;
  role_org_id: string | null;
  role_venue_id: string | null;
  role: string | null;
  permissions: string[] | null;
  role_created_at: Date | null;
}

/** Which of these principals still hold, in one query however many sockets there are. */
export async function listLiveAccess(
  q: Queryable,
  ids: { staff: string[]; guest: string[]; terminal: string[] },
  now: Date,
): Promise<LiveAccessRow[]> {
  const noRole =
    'NULL::uuid, NULL::uuid, NULL::uuid, NULL::uuid, NULL::uuid, NULL::uuid, NULL::text, NULL::text[], NULL::timestamptz';
  const staff = q('auth_sessions as s')
    .leftJoin('user_roles as r', 'r.user_id', 's.user_id')
    .whereIn('s.id', ids.staff)
    .andWhere('s.expires_at', '>', now)
    .select(
      q.raw(`'staff' AS kind`),
      's.id as ref',
      's.user_id',
      's.org_id',
      's.venue_id',
      'r.id as role_id',
      'r.organization_id as role_org_id',
      'r.venue_id as role_venue_id',
      'r.role',
      'r.permissions',
      'r.created_at as role_created_at',
    );
  const guests = q('sessions')
    .whereIn('id', ids.guest)
    .andWhere({ status: 'ACTIVE' })
    .select(q.raw(`'guest', id::text, ${noRole}`));
  const terminals = q('terminals')
    .whereIn('id', ids.terminal)
    .whereNull('revoked_at')
    .select(q.raw(`'terminal', id::text, ${noRole}`));
  return staff.unionAll([guests, terminals]) as unknown as Promise<LiveAccessRow[]>;
}
