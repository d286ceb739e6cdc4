// A new owner signs up (issue 24): their account, their organization on the FREE plan, its first
// venue and their OWNER role commit together, then they are signed in to that venue as sign-in
// does. The password is hashed (argon2) before the transaction, so no lock waits on it.
import { randomUUID } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  AppError,
  isEmailAddress,
  type MeAnswer,
  organizationInputProblem,
  type SignUpRequest,
  STAFF_SESSION_TTL_MS,
  venueInputProblem,
} from '@tablewise/shared';
import argon2 from 'argon2';
import type { AppDeps } from '../context.js';
import { insertAuthSession } from '../repositories/auth-sessions.js';
import { insertOrganization, insertVenue } from '../repositories/organizations.js';
import { findUserByEmail, insertUser, insertUserRole } from '../repositories/users.js';
import { randomToken, sha256Hex } from '../security/tokens.js';

const refuse = (message: string) => new AppError(400, 'invalid_field', message);
const MIN_PASSWORD = 8;

/** The first problem of a sign-up, in the form's order, or null. */
function signUpProblem(input: SignUpRequest): string | null {
  if (!isEmailAddress(input.email)) return ADMIN_MESSAGES.invalidEmail;
  if (input.password.length < MIN_PASSWORD) return ADMIN_MESSAGES.passwordTooShort;
  return (
    organizationInputProblem({ name: input.organizationName }) ??
    // The organization is the one being made: the venue's check of it passes.
    venueInputProblem({ ...input.venue, organizationId: 'new' })
  );
}

export async function signUp(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: SignUpRequest,
): Promise<{ token: string; me: MeAnswer }> {
  const problem = signUpProblem(input);
  if (problem) throw refuse(problem);
  const email = input.email.trim().toLowerCase();
  const taken = () => new AppError(409, 'email_taken', ADMIN_MESSAGES.emailTaken);
  if (await findUserByEmail(deps.db, email)) throw taken();
  const passwordHash = await argon2.hash(input.password);
  const now = deps.now();
  const ids = { user: randomUUID(), org: randomUUID(), venue: randomUUID() };
  const token = randomToken();
  try {
    await deps.db.transaction(async (trx) => {
      const names = { firstName: input.firstName?.trim() || null, lastName: input.lastName?.trim() || null };
      await insertUser(trx, { id: ids.user, email, passwordHash, ...names, at: now });
      await insertOrganization(trx, {
        id: ids.org,
        name: input.organizationName.trim(),
        plan: 'FREE',
        owner_user_id: ids.user,
        at: now,
      });
      await insertVenue(trx, {
        id: ids.venue,
        org_id: ids.org,
        name: input.venue.name.trim(),
        address: input.venue.address?.trim() || null,
        tz: input.venue.timezone,
        lat: input.venue.latitude ?? null,
        lng: input.venue.longitude ?? null,
        at: now,
      });
      await insertUserRole(trx, { userId: ids.user, organizationId: ids.org, venueId: null, role: 'OWNER', at: now });
      await insertAuthSession(trx, {
        id: sha256Hex(token),
        user_id: ids.user,
        org_id: ids.org,
        venue_id: ids.venue,
        expires_at: new Date(now.getTime() + STAFF_SESSION_TTL_MS),
      });
    });
  } catch (error) {
    // Two sign-ups with one address at once: the unique email decides, the second is told.
    if ((error as { code?: string }).code === '23505') throw taken();
    throw error;
  }
  const user = {
    id: ids.user,
    email,
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
  };
  return {
    token,
    me: {
      user,
      principal: { user, organizationId: ids.org, venueId: ids.venue, role: 'OWNER', permissions: [], duty: null },
    },
  };
}
