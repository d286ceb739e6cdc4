import { randomUUID } from 'node:crypto';
import type { Queryable } from '../context.js';
import type { UserRoleRow, UserRow } from './rows.js';

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return q<UserRow>('users').whereRaw('lower(email) = lower(?)', [email.trim()]).first();
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  return q<UserRow>('users').where({ id }).first();
}

/** A user's active roles, oldest first: the first one decides the default organization at login.
 * A deactivated membership (issue 24) gives nothing. */
export async function listRolesOfUser(q: Queryable, userId: string): Promise<UserRoleRow[]> {
  return q<UserRoleRow>('user_roles')
    .where({ user_id: userId })
    .whereNull('deactivated_at')
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

/** Whether the user holds a role in the organization (a terminal names its signed-in staff). */
export async function isStaffOf(q: Queryable, orgId: string, userId: string): Promise<boolean> {
  const row = await q('user_roles').where({ organization_id: orgId, user_id: userId }).first('id');
  return row !== undefined;
}

export async function insertUser(
  q: Queryable,
  row: { id: string; email: string; passwordHash: string; firstName: string | null; lastName: string | null; at: Date },
): Promise<void> {
  await q('users').insert({
    id: row.id,
    email: row.email,
    password_hash: row.passwordHash,
    first_name: row.firstName,
    last_name: row.lastName,
    created_at: row.at,
    updated_at: row.at,
  });
}

export async function insertUserRole(
  q: Queryable,
  row: { userId: string; organizationId: string; venueId: string | null; role: string; at: Date },
): Promise<void> {
  await q('user_roles').insert({
    id: randomUUID(),
    user_id: row.userId,
    organization_id: row.organizationId,
    venue_id: row.venueId,
    role: row.role,
    permissions: [],
    created_at: row.at,
  });
}
