// Letting a phone join a seated party (issue 27, finding 2), decided once for both who may answer:
// a phone of the party or staff. Only a waiting phone is answered, and only by its own party's
// approved phone (or the party's first) or by the venue's staff.
import { conflict, notFound } from '../errors.js';
import { MESSAGES } from '../messages.js';
import type { PartyPhone } from '../schemas/party-phone.js';

/** Who answers: the venue's staff, or a phone of a party (its session, and whether it is let in). */
type PhoneAnswerer = { kind: 'staff'; venueId: string } | { kind: 'party'; sessionId: string };

export function answerPhone(phone: PartyPhone | null, by: PhoneAnswerer, approve: boolean, now: Date): PartyPhone {
  if (!phone) throw notFound('Phone');
  const ours = by.kind === 'staff' ? phone.venueId === by.venueId : phone.sessionId === by.sessionId;
  if (!ours) throw notFound('Phone');
  if (phone.status !== 'PENDING') throw conflict(MESSAGES.phoneAnsweredAlready, 'conflict');
  return { ...phone, status: approve ? 'APPROVED' : 'DECLINED', decidedAt: now.toISOString() };
}
