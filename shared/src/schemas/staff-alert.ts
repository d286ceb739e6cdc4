// A staff alert (the Send Alert quick action): a short message to every staff screen of the venue,
// never to guests.
import { z } from 'zod';
import { ALERT_URGENCIES } from '../constants.js';
import { Id, IsoDateTime } from './common.js';

export const StaffAlert = z.object({
  id: Id,
  venueId: Id,
  message: z.string(),
  urgency: z.enum(ALERT_URGENCIES),
  tableId: Id.nullable(),
  tableNumber: z.string().nullable(),
  /** Who sent it: the staff member's name, or the terminal's. */
  sentBy: z.string(),
  createdAt: IsoDateTime,
});
export type StaffAlert = z.infer<typeof StaffAlert>;
