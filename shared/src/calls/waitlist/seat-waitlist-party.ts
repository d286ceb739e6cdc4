import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Table, WaitlistEntry } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const SeatPartyAnswer = z.object({
  entry: WaitlistEntry,
  table: Table,
  /** The dining session the party now has at the table: guests who scan its code join it. */
  sessionId: Id,
});

/** Where to seat a party; the session id is made by the client, so a terminal seating offline
 * knows the session its guests join, and a replay of the seat makes one. */
export const SeatAtTableBody = z.strictObject({ tableId: Id, sessionId: Id.optional() });

/** The host seats a waiting party at a table (spec 2 section 2.4): the table becomes OCCUPIED by the
 * party, the party SEATED. A table the state machine does not let the host seat answers 409 naming
 * both states. */
export const seatWaitlistParty = defineCall({
  method: 'POST',
  path: '/api/waitlist/:waitlistId/seat',
  summary: 'Seat a waitlist party at a table',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ waitlistId: Id }),
  entity: 'Waitlist entry',
  body: SeatAtTableBody,
  answer: SeatPartyAnswer,
});
