// Staff memberships, invitations and password resets (issue 24). SQL only; the rules are in
// commands/staff.ts.
import type { Queryable } from '../context.js';

export interface MembershipRow {
  id: string;
  user_id: string;
  organization_id: string;
  venue_id: string | null;
  role: string;
  duty: string | null;
  deactivated_at: Date | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  venue_name: string | null;
}

export interface InvitationRow {
  id: string;
  email: string;
  organization_id: string;
  venue_id: string | null;
  venue_name: string | null;
  role: string;
  duty: string | null;
  token: string;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
  sent_at: Date;
  created_by: string | null;
  invited_by: string | null;
}

const membershipColumns = [
  'r.id',
  'r.user_id',
  'r.organization_id',
  'r.venue_id',
  'r.role',
  'r.duty',
  'r.deactivated_at',
  'u.email',
  'u.first_name',
  'u.last_name',
  'v.name as venue_name',
];

function memberships(q: Queryable) {
  return q('user_roles as r')
    .join('users as u', 'u.id', 'r.user_id')
    .leftJoin('venues as v', 'v.id', 'r.venue_id')
    .select<MembershipRow[]>(membershipColumns);
}

/** The organization's memberships, or only one venue's (and none organization-wide) when given. */
export async function listMemberships(q: Queryable, orgId: string, venueId: string | null): Promise<MembershipRow[]> {
  const query = memberships(q).where('r.organization_id', orgId);
  if (venueId) query.andWhere('r.venue_id', venueId);
  return query.orderBy([{ column: 'u.email' }, { column: 'r.created_at' }]);
}

export async function findMembership(q: Queryable, orgId: string, id: string): Promise<MembershipRow | undefined> {
  return memberships(q).where({ 'r.organization_id': orgId, 'r.id': id }).first();
}

/** Whether the email already holds an active membership of the organization at this scope. */
export async function activeMembershipOf(
  q: Queryable,
  orgId: string,
  email: string,
  venueId: string | null,
): Promise<MembershipRow | undefined> {
  const query = memberships(q)
    .where('r.organization_id', orgId)
    .whereRaw('lower(u.email) = lower(?)', [email])
    .whereNull('r.deactivated_at');
  if (venueId) query.andWhere('r.venue_id', venueId);
  else query.whereNull('r.venue_id');
  return query.first();
}

export async function updateMembership(
  q: Queryable,
  id: string,
  change: { role?: string; duty?: string | null },
): Promise<void> {
  await q('user_roles').where({ id }).update(change);
}

/** Deactivates every membership the user holds in the organization. */
export async function deactivateMemberships(q: Queryable, orgId: string, userId: string, now: Date): Promise<void> {
  await q('user_roles')
    .where({ organization_id: orgId, user_id: userId })
    .whereNull('deactivated_at')
    .update({ deactivated_at: now });
}

export async function insertMembership(
  q: Queryable,
  row: {
    id: string;
    user_id: string;
    organization_id: string;
    venue_id: string | null;
    role: string;
    duty: string | null;
  },
): Promise<void> {
  await q('user_roles').insert({ ...row, permissions: [] });
}

/** Whether the user has any deactivated membership (a sign-in then says the account is closed). */
export async function hasDeactivatedMembership(q: Queryable, userId: string): Promise<boolean> {
  return (await q('user_roles').where({ user_id: userId }).whereNotNull('deactivated_at').first('id')) !== undefined;
}

/** The ids of the auth sessions a user holds (in one organization when given), deleted. */
export async function deleteSessionsOfUser(q: Queryable, userId: string, orgId?: string): Promise<string[]> {
  const query = q('auth_sessions').where({ user_id: userId });
  if (orgId) query.andWhere({ org_id: orgId });
  const rows: { id: string }[] = await query.delete().returning('id');
  return rows.map((r) => r.id);
}

/** Every venue of the organizations the user works for (whose terminals must hear of a change). */
export async function venueIdsOfOrg(q: Queryable, orgId: string): Promise<string[]> {
  return (await q('venues').where({ org_id: orgId }).select('id')).map((r: { id: string }) => r.id);
}

export async function orgIdsOfUser(q: Queryable, userId: string): Promise<string[]> {
  const rows: { organization_id: string }[] = await q('user_roles')
    .where({ user_id: userId })
    .distinct('organization_id');
  return rows.map((r) => r.organization_id);
}

export async function organizationName(q: Queryable, orgId: string): Promise<string | undefined> {
  return (await q('organizations').where({ id: orgId }).first('name'))?.name;
}

// ---- Invitations ----

function invitations(q: Queryable) {
  return q('invitations as i')
    .leftJoin('venues as v', 'v.id', 'i.venue_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .select<InvitationRow[]>(
      'i.id',
      'i.email',
      'i.organization_id',
      'i.venue_id',
      'v.name as venue_name',
      'i.role',
      'i.duty',
      'i.token',
      'i.expires_at',
      'i.accepted_at',
      'i.revoked_at',
      'i.sent_at',
      'i.created_by',
      'u.email as invited_by',
    );
}

export async function insertInvitation(
  q: Queryable,
  row: {
    id: string;
    email: string;
    organization_id: string;
    venue_id: string | null;
    role: string;
    duty: string | null;
    token: string;
    expires_at: Date;
    sent_at: Date;
    created_by: string;
  },
): Promise<void> {
  await q('invitations').insert(row);
}

/** Invitations neither accepted nor revoked (expired ones included), newest first. */
export async function listOpenInvitations(
  q: Queryable,
  orgId: string,
  venueId: string | null,
): Promise<InvitationRow[]> {
  const query = invitations(q).where('i.organization_id', orgId).whereNull('i.accepted_at').whereNull('i.revoked_at');
  if (venueId) query.andWhere('i.venue_id', venueId);
  return query.orderBy('i.sent_at', 'desc');
}

export async function findInvitation(q: Queryable, orgId: string, id: string): Promise<InvitationRow | undefined> {
  return invitations(q).where({ 'i.organization_id': orgId, 'i.id': id }).first();
}

export async function findInvitationByToken(q: Queryable, tokenHash: string): Promise<InvitationRow | undefined> {
  return invitations(q).where('i.token', tokenHash).first();
}

export async function findOpenInvitationFor(
  q: Queryable,
  orgId: string,
  email: string,
  venueId: string | null,
  now: Date,
): Promise<InvitationRow | undefined> {
  const query = invitations(q)
    .where('i.organization_id', orgId)
    .whereRaw('lower(i.email) = lower(?)', [email])
    .whereNull('i.accepted_at')
    .whereNull('i.revoked_at')
    .andWhere('i.expires_at', '>', now);
  if (venueId) query.andWhere('i.venue_id', venueId);
  else query.whereNull('i.venue_id');
  return query.first();
}

export async function updateInvitation(
  q: Queryable,
  id: string,
  change: Partial<{ token: string; expires_at: Date; sent_at: Date; accepted_at: Date; revoked_at: Date }>,
): Promise<void> {
  await q('invitations').where({ id }).update(change);
}

// ---- Users and password resets ----

export async function insertUser(
  q: Queryable,
  row: { id: string; email: string; password_hash: string; first_name: string; last_name: string | null },
): Promise<void> {
  await q('users').insert(row);
}

export async function setPasswordHash(q: Queryable, userId: string, hash: string, now: Date): Promise<void> {
  await q('users').where({ id: userId }).update({ password_hash: hash, updated_at: now });
}

export async function insertPasswordReset(
  q: Queryable,
  row: { id: string; user_id: string; expires_at: Date },
): Promise<void> {
  await q('password_resets').insert(row);
}

/** Claims a live reset link once: marks it used and answers its user, or undefined. */
export async function claimPasswordReset(q: Queryable, id: string, now: Date): Promise<string | undefined> {
  const rows: { user_id: string }[] = await q('password_resets')
    .where({ id })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .update({ used_at: now })
    .returning('user_id');
  return rows[0]?.user_id;
}
