// A phone asking to join a party already seated (issue 27, finding 2). The party's first phone (the
// one that checked in) is the party; every later phone at its table asks, and a phone of the party
// or staff approve or decline it.
import { z } from 'zod';
import { Id, IsoDateTime } from './common.js';

const PARTY_PHONE_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
export const PartyPhoneStatus = z.enum(PARTY_PHONE_STATUSES);
export type PartyPhoneStatus = z.infer<typeof PartyPhoneStatus>;

export const PartyPhone = z.object({
  id: Id,
  venueId: Id,
  sessionId: Id,
  /** The table the party sits at, by name, for the host's list. */
  tableName: z.string().nullable(),
  status: PartyPhoneStatus,
  createdAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
});
export type PartyPhone = z.infer<typeof PartyPhone>;
