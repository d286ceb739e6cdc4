import { z } from 'zod';
import { ALERT_URGENCIES } from '../../constants.js';
import { SHELL_MESSAGES } from '../../messages.js';
import { boundedText, Id } from '../../schemas/common.js';
import { StaffAlert } from '../../schemas/staff-alert.js';
import { defineCall } from '../define.js';

/** Where an alert went: every screen of the venue (through the cloud), or, with the cloud away,
 * only the screens this terminal serves. */
const ALERT_REACHES = ['venue', 'terminal'] as const;

/**
 * Send Alert (spec 1 section 2's quick action; the spec names no path): a message to every staff
 * screen of the venue over the live channel as a `staff.alert` event, shown there as a toast. The
 * spec's alert urgencies; a table it is about, optionally. Guests never receive it.
 */
export const sendStaffAlert = defineCall({
  method: 'POST',
  path: '/api/alerts',
  summary: 'Send a staff alert to every staff screen of the venue',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  body: z.strictObject({
    message: boundedText(200).min(1, { error: SHELL_MESSAGES.alertMessageRequired }),
    urgency: z.enum(ALERT_URGENCIES, { error: SHELL_MESSAGES.alertUrgencyInvalid }).default('MEDIUM'),
    tableId: Id.optional(),
    /** Only a terminal may say who sent it (the staff member signed in there); staff are themselves. */
    sentBy: boundedText(100).optional(),
  }),
  answer: StaffAlert.extend({ reach: z.enum(ALERT_REACHES) }),
  status: 201,
});
