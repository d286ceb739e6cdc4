// Staff login and logout. Passwords are argon2 hashes; the cookie holds a random token and the
// database only its SHA-256, so a leaked table cannot be replayed as cookies.
import { MESSAGES, type MeAnswer, STAFF_SESSION_TTL_MS } from '@tablewise/shared';
import argon2 from 'argon2';
import type { AppDeps, StaffActor } from '../context.js';
import { forbidden, unauthorized } from '../errors.js';
import { resolveStaffScope } from '../policies/staff-scope.js';
import { presentUser } from '../presenters/index.js';
import { deleteAuthSession, insertAuthSession } from '../repositories/auth-sessions.js';
import { notifyRevoked } from '../repositories/events.js';
import { hasDeactivatedMembership } from '../repositories/staff.js';
import { findUserByEmail, listRolesOfUser } from '../repositories/users.js';
import { findVenueInOrg, firstVenueOfOrg } from '../repositories/venues.js';
import { randomToken, sha256Hex } from '../security/tokens.js';

let dummyHash: Promise<string> | undefined;

/** Verifying against a throwaway hash keeps "no such user" as slow as "wrong password". */
async function verifyOrWaste(hash: string | null | undefined, password: string): Promise<boolean> {
  if (hash) return argon2.verify(hash, password).catch(() => false);
  dummyHash ??= argon2.hash('tablewise-no-such-user');
  await argon2.verify(await dummyHash, password).catch(() => false);
  return false;
}

export interface LoginResult {
  token: string;
  me: MeAnswer;
}

export async function login(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { email: string; password: string; requestedVenueId?: string | undefined },
): Promise<LoginResult> {
  const user = await findUserByEmail(deps.db, input.email);
  const valid = await verifyOrWaste(user?.password_hash, input.password);
  if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials);

  const roles = await listRolesOfUser(deps.db, user.id);
  const first = roles[0];
  if (!first)
    throw forbidden((await hasDeactivatedMembership(deps.db, user.id)) ? MESSAGES.accountDeactivated : undefined);
  // The venue asked for wins when one of the user's roles covers it; else the first role's.
  let orgId = first.organization_id;
  let defaultVenueId = first.venue_id;
  let requestedInOrg = false;
  if (input.requestedVenueId) {
    for (const role of roles) {
      if (
        role.venue_id === input.requestedVenueId ||
        (role.venue_id === null && (await findVenueInOrg(deps.db, role.organization_id, input.requestedVenueId)))
      ) {
        orgId = role.organization_id;
        defaultVenueId = input.requestedVenueId;
        requestedInOrg = true;
        break;
      }
    }
  }
  if (!defaultVenueId) defaultVenueId = (await firstVenueOfOrg(deps.db, orgId))?.id ?? null;
  if (!defaultVenueId) throw forbidden();
  const scope = resolveStaffScope({
    roles,
    orgId,
    defaultVenueId,
    requestedVenueId: requestedInOrg ? defaultVenueId : null,
    requestedVenueInOrg: requestedInOrg,
  });
  if (!scope) throw forbidden();

  const token = randomToken();
  const now = deps.now();
  await insertAuthSession(deps.db, {
    id: sha256Hex(token),
    user_id: user.id,
    org_id: scope.orgId,
    venue_id: scope.venueId,
    expires_at: new Date(now.getTime() + STAFF_SESSION_TTL_MS),
  });
  const presented = presentUser(user);
  return {
    token,
    me: {
      user: presented,
      principal: {
        user: presented,
        organizationId: scope.orgId,
        venueId: scope.venueId,
        role: scope.role,
        permissions: scope.permissions,
        duty: scope.duty ?? null,
      },
    },
  };
}

export function meOf(staff: StaffActor): MeAnswer {
  return {
    user: staff.user,
    principal: {
      user: staff.user,
      organizationId: staff.orgId,
      venueId: staff.venueId,
      role: staff.role,
      permissions: staff.permissions,
      duty: staff.duty ?? null,
    },
  };
}

export async function logout(deps: Pick<AppDeps, 'db'>, staff: StaffActor): Promise<void> {
  await deleteAuthSession(deps.db, staff.authSessionId);
  await notifyRevoked(deps.db, `staff:${staff.authSessionId}`);
}
