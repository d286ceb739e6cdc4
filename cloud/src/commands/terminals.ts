// Pairing and revoking terminals. The credential is shown once; only its SHA-256 is kept.
import { randomUUID } from 'node:crypto';
import { planLimitRefusal } from '@tablewise/shared';
import type { StaffActor, Trx } from '../context.js';
import { notFound } from '../errors.js';
import { presentTerminal } from '../presenters/index.js';
import { notifyRevoked } from '../repositories/events.js';
import { countLiveTerminalsOf, lockOrganization } from '../repositories/organizations.js';
import { findTerminalInVenue, insertTerminal, revokeTerminal } from '../repositories/terminals.js';
import { randomToken, sha256Hex } from '../security/tokens.js';
import { planLimit } from './administration.js';

/** Marks a device credential. It also keeps the credential from starting with '-', which a
 * command line (npm run terminal -- --credential …) would read as an option. */
const TERMINAL_CREDENTIAL_PREFIX = 'twt_';

/** A terminal of `staff`'s venue (a manager's session, or the venue a pairing code was made for). */
export async function createTerminal(trx: Trx, staff: Pick<StaffActor, 'orgId' | 'venueId'>, name: string) {
  // Within the plan's paired terminals (issue 24); the organization's row, locked, orders pairings.
  const org = await lockOrganization(trx, staff.orgId);
  const refusal = org && planLimitRefusal(org.plan, 'terminals', await countLiveTerminalsOf(trx, staff.orgId));
  if (refusal) throw planLimit(refusal);
  const credential = `${TERMINAL_CREDENTIAL_PREFIX}${randomToken(32)}`;
  const row = await insertTerminal(trx, {
    id: randomUUID(),
    org_id: staff.orgId,
    venue_id: staff.venueId,
    name,
    credential_hash: sha256Hex(credential),
  });
  return { terminal: presentTerminal(row), credential };
}

export async function revokeTerminalOfVenue(trx: Trx, staff: StaffActor, id: string, now: Date) {
  const existing = await findTerminalInVenue(trx, staff.venueId, id);
  if (!existing) throw notFound('Terminal');
  const row = await revokeTerminal(trx, id, now);
  if (!row) throw notFound('Terminal');
  await notifyRevoked(trx, `terminal:${id}`);
  return presentTerminal(row);
}
