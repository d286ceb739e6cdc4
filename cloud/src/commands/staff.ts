// Staff accounts (issue 24): invitations, the staff list, a role or duty changed, an account
// deactivated, a forgotten password reset. Who may do what: MANAGE_USERS (checked by serve before
// any of these runs), a role no higher than one's own, and organization roles only by those who
// work organization-wide. A change to someone's access ends their sessions where it must and tells
// every terminal of the organization (staff.access.changed), which forgets their cached sign-in.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  type CreateInvitationRequest,
  INVITATION_TTL_MS,
  type Invitation,
  MAIL_TEXTS,
  MESSAGES,
  PASSWORD_RESET_TTL_MS,
  planLimitRefusal,
  ROLES,
  type Role,
  STAFF_ADMIN_TEXTS,
  type StaffMember,
} from '@tablewise/shared';
import argon2 from 'argon2';
import type { AppDeps, Queryable, StaffActor, Trx } from '../context.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { appendEvent, writeTransaction } from '../realtime/append-event.js';
import { notifyRevoked } from '../repositories/events.js';
import { countStaffAccountsOf, lockOrganization } from '../repositories/organizations.js';
import {
  activeMembershipOf,
  claimPasswordReset,
  deactivateMemberships,
  deleteSessionsOfUser,
  findInvitation,
  findInvitationByToken,
  findMembership,
  findOpenInvitationFor,
  type InvitationRow,
  insertInvitation,
  insertMembership,
  insertPasswordReset,
  insertUser,
  listMemberships,
  listOpenInvitations,
  type MembershipRow,
  organizationName,
  orgIdsOfUser,
  setPasswordHash,
  updateInvitation,
  updateMembership,
  venueIdsOfOrg,
} from '../repositories/staff.js';
import { findUserByEmail, listRolesOfUser } from '../repositories/users.js';
import { randomToken, sha256Hex } from '../security/tokens.js';
import { planLimit } from './administration.js';
import { type LoginResult, login } from './auth.js';

/**
 * A new password's hash: argon2id at the library's cost (64 MB, 3 passes). Under vitest at the
 * fixture's cost (testkit/fixture.ts), as the product's argon2.verify reads any cost from the hash:
 * the product's would take half a second of every core per account a test makes.
 */
function hashPassword(password: string): Promise<string> {
  return process.env.VITEST
    ? argon2.hash(password, { memoryCost: 4096, timeCost: 2, parallelism: 1 })
    : argon2.hash(password);
}

type StaffDeps = Pick<AppDeps, 'db' | 'now' | 'publicUrl' | 'log'> & { mail: Mailer };

/** Lower is more: an owner outranks an admin, and so on (as at sign-in). */
const RANK: Record<Role, number> = { OWNER: 0, ADMIN: 1, MANAGER: 2, ASSISTANT_MANAGER: 3, STAFF: 4 };
const asRole = (value: string): Role => ((ROLES as readonly string[]).includes(value) ? (value as Role) : 'STAFF');

/** Whether the actor works organization-wide (a role with no venue) or for their venue only. */
async function worksOrganizationWide(q: Queryable, staff: StaffActor): Promise<boolean> {
  const roles = await listRolesOfUser(q, staff.user.id);
  return roles.some((r) => r.organization_id === staff.orgId && r.venue_id === null);
}

/** The venue an actor's lists and changes are limited to: none for organization-wide managers. */
async function venueLimit(q: Queryable, staff: StaffActor): Promise<string | null> {
  return (await worksOrganizationWide(q, staff)) ? null : staff.venueId;
}

function requireRankAtMost(staff: StaffActor, role: string): void {
  if (RANK[asRole(role)] < RANK[staff.role]) throw forbidden(MESSAGES.roleAboveYours);
}

function presentMember(row: MembershipRow): StaffMember {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: asRole(row.role),
    scope: row.venue_id ? 'VENUE' : 'ORGANIZATION',
    venueId: row.venue_id,
    venueName: row.venue_name,
    duty: (row.duty as StaffMember['duty']) ?? null,
    active: row.deactivated_at === null,
  };
}

function invitationStatus(row: InvitationRow, now: Date): Invitation['status'] {
  if (row.revoked_at) return 'REVOKED';
  if (row.accepted_at) return 'ACCEPTED';
  return row.expires_at.getTime() <= now.getTime() ? 'EXPIRED' : 'PENDING';
}

function presentInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: asRole(row.role),
    scope: row.venue_id ? 'VENUE' : 'ORGANIZATION',
    venueId: row.venue_id,
    venueName: row.venue_name,
    duty: (row.duty as Invitation['duty']) ?? null,
    status: invitationStatus(row, now),
    expiresAt: row.expires_at.toISOString(),
    sentAt: row.sent_at.toISOString(),
    invitedBy: row.invited_by,
  };
}

/** Tells every terminal of the organization that a person's access changed. */
async function announceAccessChange(trx: Trx, orgId: string, userId: string, author: string | null, now: Date) {
  for (const venueId of await venueIdsOfOrg(trx, orgId)) {
    await appendEvent(trx, {
      orgId,
      venueId,
      userId: author,
      event: { type: 'staff.access.changed', userId },
      at: now,
    });
  }
}

/** Ends a person's sessions (in one organization when given) and closes their sockets at once. */
async function endSessions(trx: Trx, userId: string, orgId?: string): Promise<void> {
  for (const id of await deleteSessionsOfUser(trx, userId, orgId)) await notifyRevoked(trx, `staff:${id}`);
}

// ---- Staff ----

export async function listStaff(deps: StaffDeps, staff: StaffActor): Promise<StaffMember[]> {
  const rows = await listMemberships(deps.db, staff.orgId, await venueLimit(deps.db, staff));
  return rows.map(presentMember);
}

async function memberInScope(q: Queryable, staff: StaffActor, id: string): Promise<MembershipRow> {
  const row = await findMembership(q, staff.orgId, id);
  const limit = await venueLimit(q, staff);
  if (!row || (limit && row.venue_id !== limit)) throw notFound('Staff member');
  return row;
}

export async function updateStaffMember(
  deps: StaffDeps,
  staff: StaffActor,
  id: string,
  change: { role?: Role | undefined; duty?: StaffMember['duty'] | undefined },
): Promise<StaffMember> {
  return writeTransaction(deps.db, async (trx) => {
    const row = await memberInScope(trx, staff, id);
    requireRankAtMost(staff, row.role);
    if (change.role) {
      requireRankAtMost(staff, change.role);
      const allowed: readonly string[] = row.venue_id
        ? ['MANAGER', 'ASSISTANT_MANAGER', 'STAFF']
        : ['OWNER', 'ADMIN', 'MANAGER', 'STAFF'];
      if (!allowed.includes(change.role)) throw badRequest(MESSAGES.roleNotInScope);
    }
    await updateMembership(trx, id, {
      ...(change.role ? { role: change.role } : {}),
      ...(change.duty !== undefined ? { duty: change.duty } : {}),
    });
    await announceAccessChange(trx, staff.orgId, row.user_id, staff.user.id, deps.now());
    return presentMember((await findMembership(trx, staff.orgId, id)) as MembershipRow);
  });
}

export async function deactivateStaffMember(deps: StaffDeps, staff: StaffActor, id: string): Promise<StaffMember> {
  return writeTransaction(deps.db, async (trx) => {
    const row = await memberInScope(trx, staff, id);
    if (row.user_id === staff.user.id) throw badRequest(MESSAGES.cannotDeactivateSelf);
    requireRankAtMost(staff, row.role);
    const now = deps.now();
    await deactivateMemberships(trx, staff.orgId, row.user_id, now);
    await endSessions(trx, row.user_id, staff.orgId);
    await announceAccessChange(trx, staff.orgId, row.user_id, staff.user.id, now);
    return presentMember((await findMembership(trx, staff.orgId, id)) as MembershipRow);
  });
}

// ---- Invitations ----

function acceptLink(deps: StaffDeps, token: string): string {
  return `${deps.publicUrl}/accept-invitation#token=${token}`;
}

async function mailInvitation(deps: StaffDeps, staff: StaffActor, row: InvitationRow, token: string): Promise<void> {
  const org = (await organizationName(deps.db, row.organization_id)) ?? '';
  const role = STAFF_ADMIN_TEXTS.roleLabels[asRole(row.role)];
  const inviter = [staff.user.firstName, staff.user.lastName].filter(Boolean).join(' ') || staff.user.email;
  await deps.mail.send({
    to: row.email,
    subject: MAIL_TEXTS.invitationSubject(org),
    text: MAIL_TEXTS.invitationBody({ org, role, venue: row.venue_name, link: acceptLink(deps, token), inviter }),
  });
}

export async function listInvitations(deps: StaffDeps, staff: StaffActor): Promise<Invitation[]> {
  const now = deps.now();
  const rows = await listOpenInvitations(deps.db, staff.orgId, await venueLimit(deps.db, staff));
  return rows.map((r) => presentInvitation(r, now));
}

export async function createInvitation(
  deps: StaffDeps,
  staff: StaffActor,
  input: CreateInvitationRequest,
): Promise<Invitation> {
  const now = deps.now();
  const token = randomToken();
  const row = await writeTransaction(deps.db, async (trx) => {
    if (input.scope === 'ORGANIZATION' && !(await worksOrganizationWide(trx, staff))) {
      throw forbidden(MESSAGES.organizationWideOnly);
    }
    requireRankAtMost(staff, input.role);
    // Within the plan's staff accounts (issue 24); the organization's row, locked, orders invitations.
    const org = await lockOrganization(trx, staff.orgId);
    const refusal =
      org && planLimitRefusal(org.plan, 'staffAccounts', await countStaffAccountsOf(trx, staff.orgId, now));
    if (refusal) throw planLimit(refusal);
    const venueId = input.scope === 'VENUE' ? staff.venueId : null;
    if (await activeMembershipOf(trx, staff.orgId, input.email, venueId)) throw conflict(MESSAGES.alreadyMember);
    if (await findOpenInvitationFor(trx, staff.orgId, input.email, venueId, now)) {
      throw conflict(MESSAGES.alreadyInvited);
    }
    const id = randomUUID();
    await insertInvitation(trx, {
      id,
      email: input.email,
      organization_id: staff.orgId,
      venue_id: venueId,
      role: input.role,
      duty: input.duty,
      token: sha256Hex(token),
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
      sent_at: now,
      created_by: staff.user.id,
    });
    return (await findInvitation(trx, staff.orgId, id)) as InvitationRow;
  });
  await mailInvitation(deps, staff, row, token);
  return presentInvitation(row, now);
}

async function openInvitationInScope(q: Queryable, staff: StaffActor, id: string): Promise<InvitationRow> {
  const row = await findInvitation(q, staff.orgId, id);
  const limit = await venueLimit(q, staff);
  if (!row || (limit && row.venue_id !== limit)) throw notFound('Invitation');
  if (row.accepted_at || row.revoked_at) throw conflict(MESSAGES.invitationNotPending);
  return row;
}

export async function resendInvitation(deps: StaffDeps, staff: StaffActor, id: string): Promise<Invitation> {
  const now = deps.now();
  const token = randomToken();
  const row = await writeTransaction(deps.db, async (trx) => {
    const found = await openInvitationInScope(trx, staff, id);
    requireRankAtMost(staff, found.role);
    // A new link: the old one stops working.
    await updateInvitation(trx, id, {
      token: sha256Hex(token),
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
      sent_at: now,
    });
    return (await findInvitation(trx, staff.orgId, id)) as InvitationRow;
  });
  await mailInvitation(deps, staff, row, token);
  return presentInvitation(row, now);
}

export async function revokeInvitation(deps: StaffDeps, staff: StaffActor, id: string): Promise<Invitation> {
  const now = deps.now();
  return writeTransaction(deps.db, async (trx) => {
    await openInvitationInScope(trx, staff, id);
    await updateInvitation(trx, id, { revoked_at: now });
    return presentInvitation((await findInvitation(trx, staff.orgId, id)) as InvitationRow, now);
  });
}

/** The invitation a link's token names, if it can still be accepted. */
async function acceptableInvitation(q: Queryable, token: string, now: Date): Promise<InvitationRow> {
  const row = token ? await findInvitationByToken(q, sha256Hex(token)) : undefined;
  if (!row) throw badRequest(MESSAGES.invitationInvalid);
  if (row.accepted_at || row.revoked_at) throw conflict(MESSAGES.invitationNotPending);
  if (row.expires_at.getTime() <= now.getTime()) throw new AppError(410, 'bad_request', MESSAGES.invitationExpired);
  return row;
}

export async function previewInvitation(deps: StaffDeps, token: string) {
  const row = await acceptableInvitation(deps.db, token, deps.now());
  return {
    email: row.email,
    organizationName: (await organizationName(deps.db, row.organization_id)) ?? '',
    venueName: row.venue_name,
    role: asRole(row.role),
    duty: (row.duty as Invitation['duty']) ?? null,
    existingAccount: (await findUserByEmail(deps.db, row.email)) !== undefined,
  };
}

export async function acceptInvitation(
  deps: StaffDeps,
  input: { token: string; firstName: string; lastName: string; password: string },
): Promise<LoginResult> {
  const now = deps.now();
  const existing = await findUserByEmail(deps.db, (await acceptableInvitation(deps.db, input.token, now)).email);
  // An account that exists keeps its password: accepting proves it; a new one gets the one chosen.
  if (existing && !(existing.password_hash && (await argon2.verify(existing.password_hash, input.password)))) {
    throw unauthorized(MESSAGES.existingAccountPassword);
  }
  const hash = existing ? null : await hashPassword(input.password);
  const invitation = await writeTransaction(deps.db, async (trx) => {
    // Read again under the write: two tabs accepting the same link make one membership.
    const row = await acceptableInvitation(trx, input.token, now);
    await trx('invitations').where({ id: row.id }).forUpdate().first('id');
    let userId = existing?.id;
    if (!userId) {
      userId = randomUUID();
      await insertUser(trx, {
        id: userId,
        email: row.email,
        password_hash: hash as string,
        first_name: input.firstName,
        last_name: input.lastName || null,
      });
    }
    await insertMembership(trx, {
      id: randomUUID(),
      user_id: userId,
      organization_id: row.organization_id,
      venue_id: row.venue_id,
      role: row.role,
      duty: row.duty,
    });
    await updateInvitation(trx, row.id, { accepted_at: now });
    return row;
  });
  return login(deps, {
    email: invitation.email,
    password: input.password,
    requestedVenueId: invitation.venue_id ?? undefined,
  });
}

// ---- Password reset ----

export async function requestPasswordReset(deps: StaffDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || (await listRolesOfUser(deps.db, user.id)).length === 0) return;
  const token = randomToken();
  await insertPasswordReset(deps.db, {
    id: sha256Hex(token),
    user_id: user.id,
    expires_at: new Date(deps.now().getTime() + PASSWORD_RESET_TTL_MS),
  });
  await deps.mail.send({
    to: user.email,
    subject: MAIL_TEXTS.resetSubject,
    text: MAIL_TEXTS.resetBody(`${deps.publicUrl}/reset-password#token=${token}`),
  });
}

export async function confirmPasswordReset(deps: StaffDeps, input: { token: string; password: string }): Promise<void> {
  const hash = await hashPassword(input.password);
  const now = deps.now();
  await writeTransaction(deps.db, async (trx) => {
    const userId = await claimPasswordReset(trx, sha256Hex(input.token), now);
    if (!userId) throw badRequest(MESSAGES.resetLinkInvalid);
    await setPasswordHash(trx, userId, hash, now);
    // Whoever held the old password is signed out everywhere, terminals included.
    await endSessions(trx, userId);
    for (const orgId of await orgIdsOfUser(trx, userId)) await announceAccessChange(trx, orgId, userId, null, now);
  });
}
