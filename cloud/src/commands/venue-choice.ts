// The header's venue selector (issue 24): a member whose roles cover several venues of the
// session's organization picks the one the session works at. The choice is the session's own
// venue (auth_sessions.venue_id), so every later call and live connection of the session is that
// venue's, exactly as the venue chosen at sign-in. A venue no role covers, another organization's
// included, is not found and nothing changes.
import type { MeAnswer, MyVenue } from '@tablewise/shared';
import type { AppDeps, StaffActor } from '../context.js';
import { notFound } from '../errors.js';
import { resolveStaffScope } from '../policies/staff-scope.js';
import { setAuthSessionVenue } from '../repositories/auth-sessions.js';
import { notifyRevoked } from '../repositories/events.js';
import { listRolesOfUser } from '../repositories/users.js';
import { listActiveVenuesOfOrg } from '../repositories/venues.js';
import { meOf } from './auth.js';

/** The member's scope at `venueId`, as a request there resolves it; null when no role covers it. */
async function scopeAt(deps: Pick<AppDeps, 'db'>, staff: StaffActor, venueId: string) {
  const roles = await listRolesOfUser(deps.db, staff.user.id);
  const scope = resolveStaffScope({
    roles,
    orgId: staff.orgId,
    defaultVenueId: venueId,
    requestedVenueId: null,
    requestedVenueInOrg: false,
  });
  return scope?.venueId === venueId ? scope : null;
}

/** The active venues of the member's organization their roles cover, by name. */
export async function venuesOfMember(deps: Pick<AppDeps, 'db'>, staff: StaffActor): Promise<MyVenue[]> {
  const roles = (await listRolesOfUser(deps.db, staff.user.id)).filter((r) => r.organization_id === staff.orgId);
  const orgWide = roles.some((r) => r.venue_id === null);
  const covered = new Set(roles.map((r) => r.venue_id));
  const venues = await listActiveVenuesOfOrg(deps.db, staff.orgId);
  return venues
    .filter((v) => orgWide || covered.has(v.id) || v.id === staff.venueId)
    .map((v) => ({ id: v.id, name: v.name, timezone: v.tz, current: v.id === staff.venueId }));
}

export async function chooseVenueFor(deps: Pick<AppDeps, 'db'>, staff: StaffActor, venueId: string): Promise<MeAnswer> {
  const offered = (await venuesOfMember(deps, staff)).some((v) => v.id === venueId);
  const scope = offered ? await scopeAt(deps, staff, venueId) : null;
  if (!scope) throw notFound('Venue');
  if (venueId !== staff.venueId) {
    await setAuthSessionVenue(deps.db, staff.authSessionId, venueId);
    // The session's live connections (its other tabs too) were the old venue's: they close, and
    // each reconnects at the new one and reads everything again (the staff app's reconnect).
    await notifyRevoked(deps.db, `staff:${staff.authSessionId}`);
  }
  return meOf({ ...staff, ...scope });
}
