import { z } from 'zod';
import { GUEST_ASSISTANCE_REASONS } from '../../constants.js';
import { Id, IsoDateTime } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/**
 * A seated guest asks staff over (spec 3 "Guest exit": the staff-assistance button): every staff
 * screen of the venue gets a HIGH `staff.alert` naming the table. Only for the guest's own open
 * session. A party asks once per GUEST_ASSISTANCE_WINDOW_SECONDS: a repeat within it is answered
 * OK with `alreadyAsked` and the time staff were asked, and sends nothing.
 */
export const askStaffAssistance = defineCall({
  method: 'POST',
  path: '/api/guest/assistance',
  summary: "Ask staff to come to the guest's table (a HIGH staff alert), at most once a window",
  audience: ['guest'],
  tiers: ['cloud'],
  body: z.strictObject({ sessionId: Id, reason: z.enum(GUEST_ASSISTANCE_REASONS).default('exit') }),
  answer: z.object({ success: z.literal(true), alreadyAsked: z.boolean(), askedAt: IsoDateTime }),
});
