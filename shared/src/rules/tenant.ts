// A field that names the tenant (the spec's orgId and venueId in a body) is checked against the
// caller's organization and venue: another's is refused and changes nothing; it is never silently
// ignored, and never refused only because it is there (issue 23).
import { forbidden } from '../errors.js';
import { MESSAGES } from '../messages.js';

interface Named {
  orgId?: string | undefined;
  venueId?: string | undefined;
}

/** Throws 403 when the body names an organization or venue other than the caller's own. */
export function refuseOtherTenant(body: Named, own: { orgId: string; venueId: string }): void {
  const otherOrg = body.orgId !== undefined && body.orgId !== own.orgId;
  const otherVenue = body.venueId !== undefined && body.venueId !== own.venueId;
  if (otherOrg || otherVenue) throw forbidden(MESSAGES.otherTenant);
}
