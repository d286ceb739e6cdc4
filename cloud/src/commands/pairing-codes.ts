// Pairing a terminal by a short code (issue 24): a manager makes a code for the venue the session
// works at; the terminal sends it back and receives its credential, without a manager's password
// ever being typed into it. Only the code's SHA-256 is kept; a code is used once, within
// PAIRING_CODE_TTL_MINUTES, and a used, expired or unknown code is refused alike.
import { randomInt, randomUUID } from 'node:crypto';
import {
  AppError,
  formatPairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TEXTS,
  PAIRING_CODE_TTL_MINUTES,
} from '@tablewise/shared';
import type { StaffActor, Trx } from '../context.js';
import { sha256Hex } from '../security/tokens.js';
import { createTerminal } from './terminals.js';

interface PairingCodeRow {
  id: string;
  org_id: string;
  venue_id: string;
  name: string;
}

function newCode(): string {
  return Array.from(
    { length: PAIRING_CODE_LENGTH },
    () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)],
  ).join('');
}

export async function makePairingCode(trx: Trx, staff: StaffActor, name: string, now: Date) {
  const code = newCode();
  const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MINUTES * 60_000);
  await trx('terminal_pairing_codes').insert({
    id: randomUUID(),
    org_id: staff.orgId,
    venue_id: staff.venueId,
    code_hash: sha256Hex(code),
    name,
    created_by: staff.user.id,
    created_at: now,
    expires_at: expiresAt,
  });
  return { code: formatPairingCode(code), name, expiresAt: expiresAt.toISOString() };
}

/** The terminal the code (normalized, of the right shape) was made for, paired now; the code is
 * spent with it, and a refusal (the plan's limit) spends nothing. */
export async function pairByCode(trx: Trx, code: string, now: Date) {
  const row: PairingCodeRow | undefined = await trx('terminal_pairing_codes')
    .where('code_hash', sha256Hex(code))
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .forUpdate()
    .first('id', 'org_id', 'venue_id', 'name');
  if (!row) throw new AppError(404, 'not_found', PAIRING_CODE_TEXTS.invalid);
  const paired = await createTerminal(trx, { orgId: row.org_id, venueId: row.venue_id }, row.name);
  await trx('terminal_pairing_codes').where({ id: row.id }).update({ used_at: now, terminal_id: paired.terminal.id });
  return paired;
}
